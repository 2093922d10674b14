import type { FontChoice, FontFamilySummary, FontList } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Popover, Select } from '../ui/index.ts';
import { filterFamilies, nearestWeight, previewStack, weightLabel } from './design-draft.ts';

// The font picker (SPEC §2): 'Search fonts', 'Browse all fonts' by category and 'Fonts in
// Style Guide', each family's name set in its own face. The faces are declared once for
// the whole list, but a row takes its face only once it scrolls into view, so the browser
// downloads a file for the rows seen, not for all 74 families.

/** The preview faces of every family, adopted once by the editor's document. */
let adoptedFaces: CSSStyleSheet | null = null;
export function adoptPreviewFaces(list: FontList) {
  if (adoptedFaces || typeof CSSStyleSheet === 'undefined') return;
  // A constructed sheet, not a <style> element: the editor's CSP admits inline style
  // elements only by nonce, and CSSOM sheets are not inline markup.
  adoptedFaces = new CSSStyleSheet();
  adoptedFaces.replaceSync(list.families.map((family) => family.previewCss).join('\n'));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, adoptedFaces];
}

export type FontRole = 'heading' | 'body' | 'button';

/** A role's font: the family (the picker) and its weight (a select of the family's weights). */
export function FontField({
  label,
  choice,
  list,
  inGuide,
  onChange,
  errors,
  sample,
}: {
  label: string;
  choice: FontChoice;
  list: FontList;
  /** The families the style guide uses now ('Fonts in Style Guide'). */
  inGuide: string[];
  onChange: (choice: FontChoice) => void;
  errors: { family?: string | undefined; weight?: string | undefined };
  sample: string;
}) {
  const id = useId();
  const family = list.families.find((f) => f.id === choice.family);
  const errorId = `${id}-error`;
  return (
    <div className="font-field">
      <div className="field">
        <span className="ui-label" id={`${id}-label`}>
          {label}
        </span>
        <Popover
          label={`${label}: font picker`}
          trigger={
            <button
              type="button"
              className="font-field__button"
              aria-labelledby={`${id}-label ${id}-value`}
              aria-describedby={errors.family ? errorId : undefined}
              aria-invalid={errors.family ? true : undefined}
            >
              <span
                id={`${id}-value`}
                className="font-field__name"
                style={family ? { fontFamily: previewStack(family) } : undefined}
              >
                {family?.name ?? choice.family}
              </span>
              <svg className="font-field__chevron" viewBox="0 0 24 24" aria-hidden="true">
                <path d="m7 10 5 5 5-5" />
              </svg>
            </button>
          }
        >
          <FontPickerPanel
            label={label}
            list={list}
            selected={choice.family}
            inGuide={inGuide}
            onPick={(picked) =>
              onChange({ family: picked.id, weight: nearestWeight(picked.weights, choice.weight) })
            }
          />
        </Popover>
        {errors.family ? (
          <p className="field__error" id={errorId}>
            {errors.family}
          </p>
        ) : null}
      </div>
      <Select
        label={`${label} weight`}
        value={String(choice.weight)}
        error={errors.weight}
        onChange={(event) => onChange({ ...choice, weight: Number(event.target.value) })}
      >
        {(family?.weights ?? [choice.weight]).map((weight) => (
          <option key={weight} value={weight}>
            {weightLabel(weight)}
          </option>
        ))}
      </Select>
      <p
        className="font-field__sample"
        aria-hidden="true"
        style={family ? { fontFamily: previewStack(family), fontWeight: choice.weight } : undefined}
      >
        {sample}
      </p>
    </div>
  );
}

type Tab = 'all' | 'guide';

/** The list: search, the two views, categories, and a radio per family. */
export function FontPickerPanel({
  label,
  list,
  selected,
  inGuide,
  onPick,
}: {
  label: string;
  list: FontList;
  selected: string;
  inGuide: string[];
  onPick: (family: FontFamilySummary) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [category, setCategory] = useState('all');
  const shown =
    tab === 'guide'
      ? filterFamilies(
          list.families.filter((f) => inGuide.includes(f.id)),
          search,
          'all',
        )
      : filterFamilies(list.families, search, category);
  return (
    <div className="font-panel">
      <div className="field font-panel__search">
        <label htmlFor={`${id}-search`}>Search fonts</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <fieldset className="font-panel__tabs">
        <legend className="visually-hidden">Which fonts</legend>
        {(
          [
            ['all', 'Browse all fonts'],
            ['guide', 'Fonts in Style Guide'],
          ] as const
        ).map(([value, text]) => (
          <button
            key={value}
            type="button"
            className="button button--small button--segment"
            aria-pressed={tab === value}
            onClick={() => setTab(value)}
          >
            {text}
          </button>
        ))}
      </fieldset>
      {tab === 'all' ? (
        <Select
          label="Category"
          className="font-panel__category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="all">All categories</option>
          {list.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
      ) : null}
      <p className="font-panel__count" aria-live="polite">
        {shown.length === 1 ? '1 font' : `${shown.length} fonts`}
      </p>
      <FamilyRadios
        name={`${id}-family`}
        legend={`${label} font`}
        families={shown}
        categories={list.categories}
        selected={selected}
        onPick={onPick}
      />
    </div>
  );
}

function FamilyRadios({
  name,
  legend,
  families,
  categories,
  selected,
  onPick,
}: {
  name: string;
  legend: string;
  families: FontFamilySummary[];
  categories: FontList['categories'];
  selected: string;
  onPick: (family: FontFamilySummary) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const familiesRef = useRef(families);
  familiesRef.current = families;
  const shownKey = families.map((f) => f.id).join(' ');
  const seenRef = useRef(new Set<string>());
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());

  // A row takes its face when it comes into view; then the face is asked for, and a face
  // that does not arrive says so on its row.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownKey stands for the rows shown
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => (entry.target as HTMLElement).dataset.family ?? '');
        const fresh = visible.filter((familyId) => familyId && !seenRef.current.has(familyId));
        if (fresh.length === 0) return;
        for (const familyId of fresh) seenRef.current.add(familyId);
        setSeen(new Set(seenRef.current));
        for (const familyId of fresh) {
          const family = familiesRef.current.find((f) => f.id === familyId);
          if (!family) continue;
          document.fonts
            .load(`400 1rem "${family.name}"`, family.name)
            .then((faces) => {
              if (faces.length === 0) setFailed((f) => new Set(f).add(familyId));
            })
            .catch(() => setFailed((f) => new Set(f).add(familyId)));
        }
      },
      { root, rootMargin: '120px 0px' },
    );
    for (const row of root.querySelectorAll('[data-family]')) observer.observe(row);
    return () => observer.disconnect();
  }, [shownKey]);

  // The chosen family in view when the list opens, however far down it is.
  useEffect(() => {
    scroller.current
      ?.querySelector<HTMLInputElement>('input:checked')
      ?.closest('label')
      ?.scrollIntoView({ block: 'nearest' });
  }, []);

  const categoryLabel = (categoryId: string) =>
    categories.find((c) => c.id === categoryId)?.label ?? '';

  return (
    <div className="font-panel__scroll" ref={scroller}>
      <fieldset className="font-panel__list">
        <legend className="visually-hidden">{legend}</legend>
        {families.length === 0 ? <p className="font-panel__none">No font matches.</p> : null}
        {families.map((family) => (
          <label key={family.id} className="font-panel__row" data-family={family.id}>
            <input
              type="radio"
              name={name}
              value={family.id}
              checked={family.id === selected}
              onChange={() => onPick(family)}
            />
            <span
              className="font-panel__name"
              style={seen.has(family.id) ? { fontFamily: previewStack(family) } : undefined}
            >
              {family.name}
            </span>
            <span className="font-panel__category-name">{categoryLabel(family.category)}</span>
            {failed.has(family.id) ? (
              <span className="font-panel__failed">
                {editorMessages.unableToLoadFontPreview(family.name)}
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
