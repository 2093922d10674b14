import { type FormEvent, useEffect, useState } from 'react';
import { api, errorText } from '../api/client.ts';
import { useCan } from '../capabilities.tsx';
import { Button, Card, TextArea, TextField, useToast } from '../ui/index.ts';
import { AnalyticsSettingsCard } from './AnalyticsSettingsCard.tsx';
import { ApiKeysCard } from './ApiKeysCard.tsx';
import { DemoContentCard } from './DemoContentCard.tsx';
import { MembersCard } from './MembersCard.tsx';

/**
 * Settings: the site's title and description, cookies & analytics, its members, API keys and the demo
 * content, each card for those whose role allows it (a website manager sees the site's
 * settings, an administrator everything); the server answers 403 to anyone else whatever
 * the screen shows. Saved changes are confirmed by a toast; a refusal stays on screen.
 */
export function SettingsScreen({ currentMemberId }: { currentMemberId: string }) {
  const can = useCan();
  return (
    <div className="screen screen--narrow settings-screen">
      <div className="screen-header">
        <div>
          <h1>Settings</h1>
          <p className="screen-header__lead">
            Your site’s name, cookies and analytics, who can edit it, and its API keys.
          </p>
        </div>
      </div>
      <div className="screen__stack">
        {can('settings.manage') ? <SiteCard /> : null}
        {can('settings.manage') ? <AnalyticsSettingsCard /> : null}
        {can('members.manage') ? <MembersCard currentMemberId={currentMemberId} /> : null}
        {can('api-keys.manage') ? <ApiKeysCard /> : null}
        {can('demo-content.remove') ? <DemoContentCard /> : null}
      </div>
    </div>
  );
}

function SiteCard() {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    api
      .siteSettings()
      .then((settings) => {
        setTitle(settings.title);
        setDescription(settings.description);
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

  return (
    <Card title="Site" description="Shown in search results and the browser’s tab.">
      <p role="status" className={error ? 'notice notice--error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
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
  );
}
