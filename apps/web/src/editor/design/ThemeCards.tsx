import type { FontList, StyleGuide, Theme, ThemeId } from '@atelier/contract';
import { isLightByLuminance } from '@atelier/core';
import { Badge, Button } from '../ui/index.ts';
import { previewStack, rgbOfHex } from './design-draft.ts';

// The starting designs (issue 25) as cards, each with a sample drawn from its own style
// guide: the palette, its heading and body fonts set in their faces, a button in its shape.

export function ThemeCards({
  themes,
  fonts,
  currentId,
  isChanged,
  onUse,
  isBusy,
}: {
  themes: Theme[];
  fonts: FontList | null;
  currentId: ThemeId;
  /** The site's guide differs from its theme's (own changes, saved or not). */
  isChanged: boolean;
  onUse: (theme: Theme) => void;
  isBusy: boolean;
}) {
  return (
    <ul className="theme-cards">
      {themes.map((theme) => {
        const isCurrent = theme.id === currentId;
        return (
          <li key={theme.id} className={`theme-card${isCurrent ? ' theme-card--current' : ''}`}>
            <ThemeSample guide={theme.styleGuide} fonts={fonts} />
            <div className="theme-card__body">
              <h3 className="theme-card__name">
                {theme.name}
                {isCurrent ? (
                  <Badge tone="accent">
                    {isChanged ? 'Current, with your changes' : 'Current'}
                  </Badge>
                ) : null}
              </h3>
              <p className="theme-card__description">{theme.description}</p>
              <Button
                size="sm"
                variant={isCurrent ? 'secondary' : 'primary'}
                disabled={isBusy || (isCurrent && !isChanged)}
                onClick={() => onUse(theme)}
              >
                {isCurrent
                  ? isChanged
                    ? `Start over from ${theme.name}`
                    : 'In use'
                  : `Use ${theme.name}`}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A small page in the guide's colours, fonts and button shape (decorative: the card says it). */
export function ThemeSample({ guide, fonts }: { guide: StyleGuide; fonts: FontList | null }) {
  const familyOf = (id: string) => fonts?.families.find((f) => f.id === id);
  const heading = familyOf(guide.fonts.heading.family);
  const body = familyOf(guide.fonts.body.family);
  const button = familyOf(guide.fonts.button.family);
  const accentIsLight = isLightByLuminance(rgbOfHex(guide.colours.accent));
  const radius =
    guide.buttons.shape === 'pill'
      ? '999px'
      : guide.buttons.shape === 'square'
        ? '0'
        : `${guide.radius}px`;
  const isOutline = guide.buttons.fill === 'outline';
  return (
    <div
      className="theme-sample"
      aria-hidden="true"
      style={{ background: guide.colours.background, color: guide.colours.text }}
    >
      <div className="theme-sample__header" style={{ background: guide.colours.header }} />
      <p
        className="theme-sample__heading"
        style={{
          fontFamily: heading ? previewStack(heading) : undefined,
          fontWeight: guide.fonts.heading.weight,
          textTransform: guide.type.headingCase,
          letterSpacing: `${guide.type.headingTracking}em`,
        }}
      >
        {heading?.name ?? guide.fonts.heading.family}
      </p>
      <p
        className="theme-sample__body"
        style={{
          fontFamily: body ? previewStack(body) : undefined,
          fontWeight: guide.fonts.body.weight,
        }}
      >
        Body in {body?.name ?? guide.fonts.body.family}
      </p>
      <span
        className="theme-sample__button"
        style={{
          borderRadius: radius,
          background: isOutline ? 'transparent' : guide.colours.accent,
          color: isOutline ? guide.colours.accent : accentIsLight ? '#111' : '#fff',
          borderColor: guide.colours.accent,
          fontFamily: button ? previewStack(button) : undefined,
          fontWeight: guide.fonts.button.weight,
          textTransform: guide.buttons.textCase,
        }}
      >
        Shop now
      </span>
      <span className="theme-sample__palette">
        {Object.values(guide.palette).map((colour) => (
          <span key={colour.label} style={{ background: colour.value }} />
        ))}
      </span>
    </div>
  );
}
