import { CAPABILITIES, type Capability, ROLE_LABELS, type Role } from '@atelier/core';
import { Button, Card } from './ui/index.ts';

/**
 * What a member whose role opens no screen of the site sees (moderator, commenter, the
 * scheduling roles, none) — "Your account", their own sign-in, is every role's and does
 * not count (screens.ts `startScreen`): which role they have and what it is for, rather
 * than an empty editor. Their capabilities are for features Atelier does not have yet
 * (isPlanned), or none.
 */
export function NoScreensNotice({
  role,
  capabilities,
  onOpenAccount,
}: {
  role: number;
  capabilities: readonly Capability[];
  /** Opens "Your account" (password and two-step verification). */
  onOpenAccount: () => void;
}) {
  const planned = capabilities.filter((c) => c !== 'site.private' && c !== 'account.self');
  const name = ROLE_LABELS[role as Role] ?? 'Member';
  return (
    <div className="screen screen--narrow">
      <div className="screen-header">
        <div>
          <h1>Welcome</h1>
          <p className="screen-header__lead">You are signed in as {name}.</p>
        </div>
      </div>
      <Card title="Nothing to open here yet">
        {planned.length > 0 ? (
          <>
            <p>Your role is for:</p>
            <ul>
              {planned.map((capability) => (
                <li key={capability}>{CAPABILITIES[capability].label}</li>
              ))}
            </ul>
            <p>These screens are not in this editor yet. An administrator can change your role.</p>
          </>
        ) : (
          <p>Your role gives no access to this site’s editor. An administrator can change it.</p>
        )}
        <p>You can still look after your own sign-in, such as two-step verification.</p>
        <p>
          <Button onClick={onOpenAccount}>Open your account</Button>
        </p>
        {capabilities.includes('site.private') ? (
          <p>
            You can see the site’s private pages while signed in: <a href="/">view the site</a>.
          </p>
        ) : null}
      </Card>
    </div>
  );
}
