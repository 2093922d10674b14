import type { Invitation, Member, MemberList } from '@atelier/contract';
import { ROLE_LABELS, ROLE_ORDER, ROLE_SUMMARIES, type Role } from '@atelier/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  FormDialog,
  Icon,
  Select,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';

// Settings → Members (issue 23): who can sign in to this editor and with which role
// (docs/PERMISSIONS.md says what each may do). Invite by email, change a role, remove a
// member, withdraw an invitation. The server keeps the last administrator and says so;
// its sentence shows here as it came.

export const roleName = (role: number): string => ROLE_LABELS[role as Role] ?? `Role ${role}`;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const RoleBadge = ({ role }: { role: number }) => (
  <Badge tone={role === 1 ? 'accent' : 'neutral'}>{roleName(role)}</Badge>
);

/** The role picker of the invite and change-role dialogs: every SPEC role with its gist. */
function RoleSelect({ value, onChange }: { value: number; onChange: (role: number) => void }) {
  return (
    <Select
      label="Role"
      value={value}
      hint={ROLE_SUMMARIES[value as Role]}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {ROLE_ORDER.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </Select>
  );
}

export function MembersCard({ currentMemberId }: { currentMemberId: string }) {
  const [list, setList] = useState<MemberList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  const [changing, setChanging] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const toast = useToast();

  const load = useCallback(() => {
    api
      .members()
      .then((loaded) => {
        setList(loaded);
        setError(null);
      })
      .catch((caught: unknown) => setError(errorText(caught)));
  }, []);
  useEffect(load, [load]);

  /** Runs one change; a refusal (the last administrator…) stays on screen. */
  async function act(run: () => Promise<string>) {
    setIsBusy(true);
    try {
      toast(await run());
      setError(null);
      load();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsBusy(false);
    }
  }

  const memberColumns: DataColumn<Member>[] = [
    {
      key: 'email',
      header: 'Email',
      isRowHeader: true,
      sortValue: (member) => member.email,
      cell: (member) => (
        <>
          {member.email}
          {member.id === currentMemberId ? (
            <>
              {' '}
              <Badge tone="success">You</Badge>
            </>
          ) : null}
          {/* On a phone the role sits under the email, its column folded away. */}
          <span className="members-card__role-inline">
            <RoleBadge role={member.role} />
          </span>
        </>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      className: 'members-card__role-col',
      sortValue: (member) => roleName(member.role),
      cell: (member) => <RoleBadge role={member.role} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (member) => (
        <span className="members-card__actions">
          <Button size="sm" onClick={() => setChanging(member)}>
            Change role<span className="visually-hidden">{` of ${member.email}`}</span>
          </Button>
          <Button size="sm" variant="quiet" onClick={() => setRemoving(member)}>
            Remove<span className="visually-hidden">{` ${member.email}`}</span>
          </Button>
        </span>
      ),
    },
  ];

  const invitationColumns: DataColumn<Invitation>[] = [
    {
      key: 'email',
      header: 'Email',
      isRowHeader: true,
      sortValue: (invitation) => invitation.email,
      cell: (invitation) => invitation.email,
    },
    {
      key: 'role',
      header: 'Role',
      sortValue: (invitation) => roleName(invitation.role),
      cell: (invitation) => roleName(invitation.role),
    },
    {
      key: 'expires',
      header: 'Link works until',
      className: 'members-card__role-col',
      sortValue: (invitation) => invitation.expiresAt,
      cell: (invitation) => (
        <time dateTime={invitation.expiresAt}>
          {dateFormat.format(new Date(invitation.expiresAt))}
        </time>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (invitation) => (
        <Button size="sm" variant="quiet" onClick={() => setWithdrawing(invitation)}>
          Withdraw
          <span className="visually-hidden">{` the invitation to ${invitation.email}`}</span>
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="Members"
      description="People who can sign in to this editor, and what their role lets them do."
    >
      <div className="members-card__bar">
        <Button variant="primary" icon={<Icon name="plus" />} onClick={() => setIsInviting(true)}>
          Invite member
        </Button>
      </div>
      <p role="alert" className={error ? 'notice notice--error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
      {list === null ? (
        <Skeleton lines={2} label="Loading members…" />
      ) : (
        <>
          <DataTable
            caption="Members"
            isCaptionHidden
            rows={list.members}
            columns={memberColumns}
            rowKey={(member) => member.id}
            rowLabel={(member) => member.email}
            defaultSort={{ key: 'email', direction: 'ascending' }}
          />
          {list.invitations.length > 0 ? (
            <>
              <h3 className="members-card__subtitle">Invitations not yet accepted</h3>
              <DataTable
                caption="Invitations not yet accepted"
                isCaptionHidden
                rows={list.invitations}
                columns={invitationColumns}
                rowKey={(invitation) => invitation.id}
                rowLabel={(invitation) => invitation.email}
                defaultSort={{ key: 'email', direction: 'ascending' }}
              />
            </>
          ) : null}
        </>
      )}
      {isInviting ? (
        <InviteDialog
          onClose={() => setIsInviting(false)}
          onInvited={(invitation) => {
            setIsInviting(false);
            toast(`Invitation sent to ${invitation.email}.`);
            load();
          }}
        />
      ) : null}
      {changing ? (
        <ChangeRoleDialog
          member={changing}
          onClose={() => setChanging(null)}
          onChanged={(member) => {
            setChanging(null);
            toast(`${member.email} is now ${roleName(member.role)}.`);
            load();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={`Remove ${removing?.email ?? ''}?`}
        description="They are signed out at once and can no longer sign in. You can invite them again later."
        confirmLabel="Remove member"
        isBusy={isBusy}
        onConfirm={() => {
          const member = removing;
          setRemoving(null);
          if (member)
            void act(async () => {
              await api.removeMember(member.id);
              return `Removed ${member.email}.`;
            });
        }}
      />
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        title={`Withdraw the invitation to ${withdrawing?.email ?? ''}?`}
        description="The link in their email stops working."
        confirmLabel="Withdraw invitation"
        isBusy={isBusy}
        onConfirm={() => {
          const invitation = withdrawing;
          setWithdrawing(null);
          if (invitation)
            void act(async () => {
              await api.withdrawInvitation(invitation.id);
              return `Withdrew the invitation to ${invitation.email}.`;
            });
        }}
      />
    </Card>
  );
}

function InviteDialog({
  onClose,
  onInvited,
}: {
  onClose: () => void;
  onInvited: (invitation: Invitation) => void;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<number>(4);
  const [error, setError] = useState<ApiError | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    try {
      onInvited(await api.inviteMember({ email, role }));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, errorText(caught)));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Invite a member"
      description="They get an email with a link that works once, for 7 days, to choose a password."
      submitLabel="Send invitation"
      isBusy={isBusy}
      onSubmit={submit}
      noValidate
    >
      {error && !error.fields.email ? (
        <p role="alert" className="notice notice--error">
          {error.message}
        </p>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        value={email}
        error={error?.fields.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}

function ChangeRoleDialog({
  member,
  onClose,
  onChanged,
}: {
  member: Member;
  onClose: () => void;
  onChanged: (member: Member) => void;
}) {
  const [role, setRole] = useState<number>(member.role);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsBusy(true);
    try {
      onChanged(await api.changeMemberRole(member.id, role));
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Change the role of ${member.email}`}
      description="The change applies to their next click: no need to sign in again."
      submitLabel="Change role"
      isBusy={isBusy}
      onSubmit={submit}
    >
      {error ? (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      ) : null}
      <RoleSelect value={role} onChange={setRole} />
    </FormDialog>
  );
}
