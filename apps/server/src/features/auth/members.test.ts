import { editorApiMessages, Role } from '@atelier/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDialect } from '../../test/test-app.ts';
import { type EditorClient, editorClient, memberClient, ownerClient } from './editor-client.ts';
import { SESSION_COOKIE } from './member-guard.ts';

// Members (issue 23): invitations by email through the mail outbox, role changes and
// removal, and the rule that a website keeps an administrator.

type OutboxMessage = { kind: string; to: string; subject: string; bodyText: string };

describe(`members and invitations (${testDialect})`, () => {
  let t: TestApp;
  let owner: EditorClient;
  let ownerId: string;
  let websiteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await ownerClient(t);
    const session = (await owner.call('GET', '/api/config/session')).json();
    ownerId = session.member.id;
    websiteId = session.websiteId;
  }, 60_000);
  afterAll(() => t.close());

  async function invitationLink(email: string): Promise<string> {
    const outbox = await owner.call('GET', '/api/mail/outbox');
    const mail = (outbox.json().messages as OutboxMessage[]).find(
      (m) => m.kind === 'member-invitation' && m.to === email,
    );
    const link = mail?.bodyText.match(/https?:\/\/\S+\/config\/invitation#(\S+)/);
    if (!link?.[1]) throw new Error(`no invitation for ${email}`);
    return link[1];
  }

  it('invites by email: the mail carries a link that signs the new member in once', async () => {
    const invited = await owner.call('POST', '/api/config/members/invitations', {
      email: ' Writer@Example.com ',
      role: Role.draftEditor,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({
      email: 'writer@example.com',
      role: Role.draftEditor,
      invitedBy: 'owner@example.com',
    });
    const listed = (await owner.call('GET', '/api/config/members')).json();
    expect(listed.invitations.map((i: { email: string }) => i.email)).toEqual([
      'writer@example.com',
    ]);

    const token = await invitationLink('writer@example.com');
    const visitor = await editorClient(t);
    const preview = await visitor.call('POST', '/api/config/invitation', { token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ email: 'writer@example.com', role: Role.draftEditor });

    const short = await visitor.call('POST', '/api/config/invitation/accept', {
      token,
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(editorApiMessages.passwordTooShort);

    const accepted = await visitor.call('POST', '/api/config/invitation/accept', {
      token,
      password: 'a writer password',
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      state: 'signed-in',
      member: { email: 'writer@example.com', role: Role.draftEditor },
    });
    expect(accepted.json().capabilities).toContain('pages.edit');
    expect(accepted.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
    const session = (await visitor.call('GET', '/api/config/session')).json();
    expect(session.member.email).toBe('writer@example.com');

    const again = await (await editorClient(t)).call('POST', '/api/config/invitation/accept', {
      token,
      password: 'another password 1',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'INVITATION_INVALID',
      error: editorApiMessages.invitationInvalid,
    });
    const after = (await owner.call('GET', '/api/config/members')).json();
    expect(after.invitations).toEqual([]);
    expect(after.members.map((m: { email: string }) => m.email)).toContain('writer@example.com');
  });

  it('refuses an address that is already a member, and a bad email', async () => {
    const member = await owner.call('POST', '/api/config/members/invitations', {
      email: 'OWNER@example.com',
      role: Role.editor,
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().code).toBe('MEMBER_EXISTS');
    const bad = await owner.call('POST', '/api/config/members/invitations', {
      email: 'not an email',
      role: Role.editor,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: 'Please enter a valid email' });
    const role = await owner.call('POST', '/api/config/members/invitations', {
      email: 'someone@example.com',
      role: 5,
    });
    expect(role.statusCode).toBe(400);
  });

  it('spends the older link when inviting again, and a withdrawn or expired one', async () => {
    await owner.call('POST', '/api/config/members/invitations', {
      email: 'twice@example.com',
      role: Role.viewer,
    });
    const first = await invitationLink('twice@example.com');
    await owner.call('POST', '/api/config/members/invitations', {
      email: 'twice@example.com',
      role: Role.editor,
    });
    const visitor = await editorClient(t);
    const old = await visitor.call('POST', '/api/config/invitation', { token: first });
    expect(old.statusCode).toBe(410);
    const second = await invitationLink('twice@example.com');
    expect(second).not.toBe(first);
    expect(
      (await visitor.call('POST', '/api/config/invitation', { token: second })).json(),
    ).toMatchObject({ role: Role.editor });

    const list = (await owner.call('GET', '/api/config/members')).json();
    const pending = list.invitations.find(
      (i: { email: string }) => i.email === 'twice@example.com',
    );
    const withdrawn = await owner.call('DELETE', `/api/config/members/invitations/${pending.id}`);
    expect(withdrawn.statusCode).toBe(204);
    expect(
      (await visitor.call('POST', '/api/config/invitation', { token: second })).statusCode,
    ).toBe(410);
    const gone = await owner.call('DELETE', `/api/config/members/invitations/${pending.id}`);
    expect(gone.statusCode).toBe(404);

    await owner.call('POST', '/api/config/members/invitations', {
      email: 'late@example.com',
      role: Role.viewer,
    });
    const late = await invitationLink('late@example.com');
    await t.database.db
      .updateTable('member_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('website_id', '=', websiteId)
      .where('email', '=', 'late@example.com')
      .execute();
    const expired = await visitor.call('POST', '/api/config/invitation/accept', {
      token: late,
      password: 'a late password',
    });
    expect(expired.statusCode).toBe(410);
  });

  it('changes a role, which applies to the next call without signing in again', async () => {
    const member = await memberClient(t, owner, { email: 'shop@example.com', role: Role.viewer });
    const id = (await member.call('GET', '/api/config/session')).json().member.id;
    expect((await member.call('POST', '/api/config/pages', { title: 'Hello' })).statusCode).toBe(
      403,
    );
    const changed = await owner.call('PATCH', `/api/config/members/${id}`, { role: Role.editor });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().role).toBe(Role.editor);
    expect((await member.call('POST', '/api/config/pages', { title: 'Hello' })).statusCode).toBe(
      201,
    );
    const session = (await member.call('GET', '/api/config/session')).json();
    expect(session.capabilities).toContain('pages.publish');
  });

  it('never leaves the website without an administrator', async () => {
    const demote = await owner.call('PATCH', `/api/config/members/${ownerId}`, {
      role: Role.editor,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({
      code: 'LAST_ADMIN',
      error: editorApiMessages.lastAdminDemote,
    });
    const remove = await owner.call('DELETE', `/api/config/members/${ownerId}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error).toBe(editorApiMessages.lastAdminRemove);

    // With a second administrator, the first may step down.
    const second = await memberClient(t, owner, { email: 'second@example.com', role: Role.admin });
    const secondId = (await second.call('GET', '/api/config/session')).json().member.id;
    const stepDown = await owner.call('PATCH', `/api/config/members/${ownerId}`, {
      role: Role.websiteManager,
    });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    // Now the owner manages the website but not its members.
    expect((await owner.call('GET', '/api/config/members')).statusCode).toBe(403);
    const last = await second.call('DELETE', `/api/config/members/${secondId}`);
    expect(last.statusCode).toBe(409);
    const restored = await second.call('PATCH', `/api/config/members/${ownerId}`, {
      role: Role.admin,
    });
    expect(restored.statusCode).toBe(200);
    const removed = await owner.call('DELETE', `/api/config/members/${secondId}`);
    expect(removed.statusCode).toBe(204);
    // A removed member's session ends with them.
    expect((await second.call('GET', '/api/config/session')).json().state).toBe('signed-out');
    const unknown = await owner.call('PATCH', `/api/config/members/${secondId}`, {
      role: Role.editor,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('hides an invitation link from the mail log of anyone but an administrator', async () => {
    const manager = await memberClient(t, owner, {
      email: 'manager@example.com',
      role: Role.storeManager,
    });
    await owner.call('POST', '/api/config/members/invitations', {
      email: 'boss@example.com',
      role: Role.admin,
    });
    const log = await manager.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${websiteId}/mail`,
    );
    expect(log.statusCode).toBe(200);
    const invitation = (log.json().messages as OutboxMessage[]).find(
      (m) => m.to === 'boss@example.com',
    );
    expect(invitation?.bodyText).not.toContain('/config/invitation#');
    const adminLog = await owner.call(
      'GET',
      `/api/content-service/commerce/1.1/websites/${websiteId}/mail`,
    );
    const visible = (adminLog.json().messages as OutboxMessage[]).find(
      (m) => m.to === 'boss@example.com',
    );
    expect(visible?.bodyText).toContain('/config/invitation#');
  });
});
