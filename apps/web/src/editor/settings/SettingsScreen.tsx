import type { Member } from '@atelier/contract';
import { editorMessages, Role } from '@atelier/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError, api } from '../api/client.ts';

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

/**
 * Settings: the site's title and description, and its members. Only administrators see
 * this screen; the server answers 403 to anyone else whatever the screen shows.
 */
export function SettingsScreen() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<Member[] | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<1 | 4>(Role.editor as 4);

  useEffect(() => {
    Promise.all([api.siteSettings(), api.members()])
      .then(([settings, list]) => {
        setTitle(settings.title);
        setDescription(settings.description);
        setMembers(list.members);
      })
      .catch((error) => setMessage({ text: errorText(error), isError: true }));
  }, []);

  async function saveSite(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await api.updateSiteSettings({ title, description });
      setTitle(saved.title);
      setMessage({ text: 'Site settings saved.', isError: false });
    } catch (error) {
      setMessage({ text: errorText(error), isError: true });
    }
  }

  async function addMember(event: FormEvent) {
    event.preventDefault();
    try {
      const member = await api.addMember({ email, password, role });
      setMembers((list) => [...(list ?? []), member]);
      setEmail('');
      setPassword('');
      setMessage({ text: `Added ${member.email}.`, isError: false });
    } catch (error) {
      setMessage({ text: errorText(error), isError: true });
    }
  }

  return (
    <section className="settings-screen" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Settings</h1>
      <p role="status" className={message?.isError ? 'notice notice--error' : 'notice'}>
        {message?.text ?? ''}
      </p>
      <form onSubmit={saveSite}>
        <h2>Site</h2>
        <div className="field">
          <label htmlFor={`${id}-site-title`}>Site title</label>
          <input
            id={`${id}-site-title`}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-site-description`}>Site description</label>
          <textarea
            id={`${id}-site-description`}
            value={description}
            maxLength={500}
            rows={3}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary">
          Save site settings
        </button>
      </form>
      <h2>Members</h2>
      {members === null ? (
        <p>Loading…</p>
      ) : (
        <ul>
          {members.map((member) => (
            <li key={member.id}>
              {member.email} · {member.role === Role.admin ? 'Administrator' : 'Editor'}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={addMember}>
        <h3>Add a member</h3>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>First password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(Number(e.target.value) as 1 | 4)}
          >
            <option value={Role.editor}>Editor: edits pages and files</option>
            <option value={Role.admin}>Administrator: also settings and members</option>
          </select>
        </div>
        <button type="submit" className="button">
          Add member
        </button>
      </form>
    </section>
  );
}
