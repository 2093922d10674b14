import type { AnalyticsPreferences } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { api, errorText } from '../api/client.ts';
import { Card, Skeleton, Switch, useToast } from '../ui/index.ts';

// Cookies & analytics (issue 24): visitor analytics, the storefront's cookie banner and
// cart events, each a switch that saves at once. The server re-renders public pages on a
// change, so the storefront follows immediately. Only for those who manage settings.

const SWITCHES: {
  key: keyof AnalyticsPreferences;
  label: string;
  hint: string;
  saved: [on: string, off: string];
}[] = [
  {
    key: 'isCensusEnabled',
    label: 'Count visitors',
    hint: 'Page views, visits, where visitors come from and how fast pages load, counted by your own site. No other company sees this data. Off: nothing is counted and no analytics script loads.',
    saved: ['Visitor analytics turned on.', 'Visitor analytics turned off.'],
  },
  {
    key: 'isConsentBannerOn',
    label: 'Ask visitors before using cookies',
    hint: 'Shows a banner with Accept and Decline. Until a visitor accepts, and after a decline, visits are counted only in total, without cookies, so returning visitors are not recognised. Recommended if you sell to the EU or UK. Visitors whose browser asks not to be tracked get no cookies either way.',
    saved: ['The cookie banner is now shown to visitors.', 'The cookie banner is turned off.'],
  },
  {
    key: 'isSiteVisitorMetricsOn',
    label: 'Count cart activity',
    hint: 'Records when shoppers add products to their cart or remove them, for the sales funnel and top products.',
    saved: ['Cart activity is counted.', 'Cart activity is no longer counted.'],
  },
];

export function AnalyticsSettingsCard() {
  const [settings, setSettings] = useState<AnalyticsPreferences | null>(null);
  const [saving, setSaving] = useState<keyof AnalyticsPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  useEffect(() => {
    api
      .analyticsSettings()
      .then(setSettings)
      .catch((caught) => setError(errorText(caught)));
  }, []);

  async function change(key: keyof AnalyticsPreferences, value: boolean, saved: string) {
    if (!settings) return;
    const before = settings;
    // Shown at once: a switch that waits for the server feels broken.
    setSettings({ ...settings, [key]: value });
    setSaving(key);
    try {
      setSettings(await api.updateAnalyticsSettings({ [key]: value }));
      setError(null);
      toast(saved);
    } catch (caught) {
      setSettings(before);
      setError(errorText(caught));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card
      title="Cookies & analytics"
      description="What your site counts about its visitors, and whether it asks before using cookies."
    >
      <p role="status" className={error ? 'notice notice--error' : 'visually-hidden'}>
        {error ?? ''}
      </p>
      {settings ? (
        <div>
          {SWITCHES.map(({ key, label, hint, saved }) => (
            <Switch
              key={key}
              label={label}
              hint={
                key !== 'isCensusEnabled' && !settings.isCensusEnabled
                  ? `${hint} Needs visitor counting on.`
                  : hint
              }
              checked={settings[key]}
              disabled={saving !== null || (key !== 'isCensusEnabled' && !settings.isCensusEnabled)}
              onCheckedChange={(value) => void change(key, value, saved[value ? 0 : 1])}
            />
          ))}
        </div>
      ) : error ? null : (
        <Skeleton lines={3} />
      )}
    </Card>
  );
}
