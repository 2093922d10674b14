import type { Member } from '@atelier/contract';
import { Role } from '@atelier/core';
import { type FormEvent, useEffect, useState } from 'react';
import { api, errorText } from '../api/client.ts';
import {
  Badge,
  Button,
  Card,
  type DataColumn,
  DataTable,
  Select,
  Skeleton,
  TextArea,
  TextField,
  useToast,
} from '../ui/index.ts';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { DemoContentCard } from './DemoContentCard.tsx';

const ROLE_NAMES: Record<number, string> = {
  [Role.admin]: 'Administrator',
  [Role.editor]: 'Editor',
  [Role.storeManager]: 'Store manager',
};
const roleName = (member: Member) => ROLE_NAMES[member.role] ?? 'Member';

const memberColumns: DataColumn<Member>[] = [
  {
    key: 'email',
    header: 'Email',
    isRowHeader: true,
    sortValue: (member) => member.email,
    cell: (member) => member.email,
  },
  {
    key: 'role',
    header: 'Role',
    sortValue: roleName,
    cell: (member) => (
      <Badge tone={member.role === Role.admin ? 'accent' : 'neutral'}>{roleName(member)}</Badge>
    ),
  },
];

/**
 * Settings: the site's title and description, and its members. Only administrators see
 * this screen; the server answers 403 to anyone else whatever the screen shows. Saved
 * changes are confirmed by a toast; a refusal stays on screen until the next try.
 */
export function SettingsScreen() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [members, setMembers] = useState<Member[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<1 | 4 | 8>(Role.editor as 4);
  const toast = useToast();

  useEffect(() => {
    Promise.all([api.siteSettings(), api.members()])
      .then(([settings, list]) => {
        setTitle(settings.title);
        setDescription(settings.description);
        setMembers(list.members);
      })
      .catch((caught) => setError(errorText(caught)));
  }, []);

  async function saveSite(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await api.updateSiteSettings({ title, description });
      setTitle(saved.title);
      setError(null);
      toast('Site settings saved.');
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  async function addMember(event: FormEvent) {
    event.preventDefault();
    try {
      const member = await api.addMember({ email, password, role });
      setMembers((list) => [...(list ?? []), member]);
      setEmail('');
      setPassword('');
      setError(null);
      toast(`Added ${member.email}.`);
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  return (
    <div className="screen screen--narrow settings-screen">
      <div className="screen-header">
        <div>
          <h1>Settings</h1>
          <p className="screen-header__lead">
            Your site’s name, who can edit it, and its API keys.
          </p>
        </div>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      <div className="screen__stack">
        <Card title="Site" description="Shown in search results and the browser’s tab.">
          <form onSubmit={saveSite}>
            <TextField
              label="Site title"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
            <TextArea
              label="Site description"
              value={description}
              maxLength={500}
              rows={3}
              onChange={(e) => setDescription(e.target.value)}
            />
            <Button type="submit" variant="primary">
              Save site settings
            </Button>
          </form>
        </Card>
        <Card title="Members" description="People who can sign in to this editor.">
          {members === null ? (
            <Skeleton lines={2} label="Loading members…" />
          ) : (
            <DataTable
              caption="Members"
              isCaptionHidden
              rows={members}
              columns={memberColumns}
              rowKey={(member) => member.id}
              rowLabel={(member) => member.email}
              defaultSort={{ key: 'email', direction: 'ascending' }}
            />
          )}
          <form onSubmit={addMember} className="settings-screen__add">
            <h3>Add a member</h3>
            <div className="form-row">
              <TextField
                label="Email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField
                label="First password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <Select
              label="Role"
              value={role}
              onChange={(e) => setRole(Number(e.target.value) as 1 | 4 | 8)}
            >
              <option value={Role.editor}>Editor: edits pages and files</option>
              <option value={Role.storeManager}>Store manager: products and files</option>
              <option value={Role.admin}>Administrator: also settings and members</option>
            </Select>
            <Button type="submit">Add member</Button>
          </form>
        </Card>
        <ApiKeysCard />
        <DemoContentCard />
      </div>
    </div>
  );
}
