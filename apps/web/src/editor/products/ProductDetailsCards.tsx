import { type CategoryTreeItem, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '@atelier/contract';
import {
  canBeSubscribable,
  DEFAULT_SCARCITY_TEXT,
  hasUnlimitedStockByType,
  ProductType,
} from '@atelier/core';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import type { ShippingUnits } from '../shipping-units.ts';
import { Button, Card, Dialog, Select, Switch, TextArea, TextField } from '../ui/index.ts';
import { pathName, treeRows } from './category-tree.ts';
import type { BillingUnit, DetailsForm, Visibility } from './product-details-form.ts';

// The product editor's cards for the details of product-details-form.ts. Each card is
// only shown for the product types it applies to, as the server only takes those.

type Props = {
  details: DetailsForm;
  type: ProductType;
  /** The store page the product is (or will be) in: its categories are offered. */
  collectionId: string;
  /** The product's own address, for the search result preview. */
  address: string;
  title: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<DetailsForm>) => void;
};

const VISIBILITY_HINTS: Record<Visibility, string> = {
  published: 'Visitors can find and buy it.',
  hidden: 'Only you see it, here.',
  scheduled: 'Hidden until the time you choose, then published by itself.',
};

/** Visibility, with a schedule: the card at the top of the editor's side. */
export function VisibilityCard({ details, errors, onChange }: Props) {
  return (
    <Card title="Visibility">
      <Select
        label="Status"
        value={details.visibility}
        hint={VISIBILITY_HINTS[details.visibility]}
        onChange={(event) => onChange({ visibility: event.target.value as Visibility })}
      >
        <option value="published">Published</option>
        <option value="hidden">Hidden</option>
        <option value="scheduled">Scheduled</option>
      </Select>
      {details.visibility === 'scheduled' ? (
        <TextField
          label="Publish on"
          type="datetime-local"
          value={details.publishAt}
          error={errors.publishAt}
          hint={`Your time (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`}
          onChange={(event) => onChange({ publishAt: event.target.value })}
        />
      ) : null}
    </Card>
  );
}

/** Search engine title and description, the social image, and how a result would read. */
export function SeoCard({ details, address, title, errors, onChange }: Props) {
  const [isPicking, setIsPicking] = useState(false);
  const shownTitle = details.seoTitle.trim() || title || 'Product name';
  const shownDescription =
    details.seoDescription.trim() || 'Search engines show the start of the description.';
  return (
    <Card
      title="Search engine listing"
      description="What search results and shared links show. Left empty, the name and description are used."
    >
      <figure className="seo-preview" aria-label="Search result preview">
        <p className="seo-preview__address">{address}</p>
        <p className="seo-preview__title">{shownTitle}</p>
        <p className="seo-preview__description">{shownDescription}</p>
      </figure>
      <TextField
        label="Page title"
        value={details.seoTitle}
        maxLength={SEO_TITLE_MAX}
        hint={`${details.seoTitle.length} of ${SEO_TITLE_MAX} characters; about 60 show in results.`}
        error={errors.seoTitle}
        onChange={(event) => onChange({ seoTitle: event.target.value })}
      />
      <TextArea
        label="Meta description"
        rows={3}
        value={details.seoDescription}
        maxLength={SEO_DESCRIPTION_MAX}
        hint={`${details.seoDescription.length} of ${SEO_DESCRIPTION_MAX} characters; about 160 show in results.`}
        error={errors.seoDescription}
        onChange={(event) => onChange({ seoDescription: event.target.value })}
      />
      <fieldset className="field product-editor__fieldset">
        <legend className="ui-label">Social sharing image</legend>
        {details.socialImage ? (
          <div className="product-editor__file">
            <img src={details.socialImage.src} alt="" width={96} height={54} />
            <Button size="sm" onClick={() => setIsPicking(true)}>
              Change image
            </Button>
            <Button size="sm" variant="quiet" onClick={() => onChange({ socialImage: null })}>
              Remove image
            </Button>
          </div>
        ) : (
          <div className="product-editor__file">
            <p className="field__hint">The product’s first image is used.</p>
            <Button size="sm" onClick={() => setIsPicking(true)}>
              Choose image
            </Button>
          </div>
        )}
        {errors.socialImageId ? <p className="field__error">{errors.socialImageId}</p> : null}
      </fieldset>
      <Dialog open={isPicking} onOpenChange={setIsPicking} title="Social sharing image" size="wide">
        <FileManager
          accept="image"
          chooseLabel="Use for sharing"
          onChoose={(media) => {
            setIsPicking(false);
            onChange({ socialImage: { id: media.id, src: media.src } });
          }}
        />
      </Dialog>
    </Card>
  );
}

/** Weight and size of a physical product's parcel. */
export function ShippingCard({
  details,
  type,
  errors,
  onChange,
  units,
}: Props & { units: ShippingUnits }) {
  if (type !== ProductType.physical) return null;
  return (
    <Card
      title="Shipping"
      description="Rates shipping by weight and says how to pack the order. Variants without a weight of their own use this one."
    >
      <div className="product-editor__dimensions">
        <TextField
          label={`Weight (${units.weight})`}
          inputMode="decimal"
          placeholder={units.weight === 'g' ? '500' : '0.5'}
          value={details.weight}
          error={errors['shipping.weightGrams'] ?? errors.shipping}
          onChange={(event) => onChange({ weight: event.target.value })}
        />
        <TextField
          label={`Length (${units.size})`}
          inputMode="decimal"
          value={details.length}
          error={errors['shipping.lengthMm']}
          onChange={(event) => onChange({ length: event.target.value })}
        />
        <TextField
          label={`Width (${units.size})`}
          inputMode="decimal"
          value={details.width}
          error={errors['shipping.widthMm']}
          onChange={(event) => onChange({ width: event.target.value })}
        />
        <TextField
          label={`Height (${units.size})`}
          inputMode="decimal"
          value={details.height}
          error={errors['shipping.heightMm']}
          onChange={(event) => onChange({ height: event.target.value })}
        />
      </div>
    </Card>
  );
}

/** The file a digital product delivers after purchase. */
export function DigitalFileCard({ details, type, errors, onChange }: Props) {
  const [isPicking, setIsPicking] = useState(false);
  if (type !== ProductType.digital) return null;
  return (
    <Card
      title="File to deliver"
      description="Buyers get a download link in their order email and on their order page; the order page always has a fresh one. What a buyer bought under stays theirs if you change these later."
    >
      {details.digitalFile ? (
        <div className="product-editor__file">
          <p>
            <strong>{details.digitalFile.filename}</strong>
          </p>
          <Button size="sm" onClick={() => setIsPicking(true)}>
            Change file
          </Button>
          <Button size="sm" variant="quiet" onClick={() => onChange({ digitalFile: null })}>
            Remove file
          </Button>
        </div>
      ) : (
        <div className="product-editor__file">
          <p className="field__hint">No file yet: buyers would get nothing to download.</p>
          <Button size="sm" onClick={() => setIsPicking(true)}>
            Choose file
          </Button>
        </div>
      )}
      {errors.digitalFileId ? <p className="field__error">{errors.digitalFileId}</p> : null}
      <div className="product-editor__dimensions product-editor__delivery">
        <TextField
          label="Each link works for (hours)"
          inputMode="numeric"
          value={details.linkHours}
          error={errors['digitalDelivery.linkHours']}
          onChange={(event) => onChange({ linkHours: event.target.value })}
        />
        <TextField
          label="Downloads per purchase"
          inputMode="numeric"
          hint="Leave empty for no limit."
          value={details.downloadLimit}
          error={errors['digitalDelivery.downloadLimit']}
          onChange={(event) => onChange({ downloadLimit: event.target.value })}
        />
      </div>
      <Dialog open={isPicking} onOpenChange={setIsPicking} title="File to deliver" size="wide">
        <FileManager
          accept="document"
          chooseLabel="Deliver this file"
          onChoose={(media) => {
            setIsPicking(false);
            onChange({ digitalFile: { id: media.id, filename: media.filename } });
          }}
        />
      </Dialog>
    </Card>
  );
}

const UNIT_LABELS: Record<BillingUnit, string> = { WEEK: 'weeks', MONTH: 'months', YEAR: 'years' };

/** Selling a physical or service product as a subscription (SPEC §3). */
export function SubscriptionCard({ details, type, errors, onChange }: Props) {
  if (!canBeSubscribable(type)) return null;
  return (
    <Card title="Subscription">
      <Switch
        label="Sell as a subscription"
        hint="The shopper pays again every billing period."
        checked={details.isSubscribable}
        onCheckedChange={(isSubscribable) => onChange({ isSubscribable })}
      />
      {details.isSubscribable ? (
        <>
          <div className="product-editor__prices">
            <TextField
              label="Bill every"
              inputMode="numeric"
              value={details.billingEvery}
              onChange={(event) => onChange({ billingEvery: event.target.value })}
            />
            <Select
              label="Period"
              value={details.billingUnit}
              onChange={(event) => onChange({ billingUnit: event.target.value as BillingUnit })}
            >
              {(Object.keys(UNIT_LABELS) as BillingUnit[]).map((unit) => (
                <option key={unit} value={unit}>
                  {UNIT_LABELS[unit]}
                </option>
              ))}
            </Select>
          </div>
          <TextField
            label="Number of payments"
            inputMode="numeric"
            hint="Leave empty to renew until the shopper cancels."
            value={details.billingCycles}
            onChange={(event) => onChange({ billingCycles: event.target.value })}
          />
        </>
      ) : null}
      {errors.subscriptionPlan || errors.isSubscribable ? (
        <p className="field__error">{errors.subscriptionPlan ?? errors.isSubscribable}</p>
      ) : null}
    </Card>
  );
}

/** The form a shopper fills in before the product goes into the cart. */
export function AdditionalFieldsCard({ details, errors, onChange }: Props) {
  const [forms, setForms] = useState<{ id: string; name: string }[] | null>(null);
  useEffect(() => {
    let isCurrent = true;
    api
      .productFormChoices()
      .then((answer) => isCurrent && setForms(answer.forms))
      .catch(() => isCurrent && setForms([]));
    return () => {
      isCurrent = false;
    };
  }, []);
  return (
    <Card
      title="Questions before adding to cart"
      description="Ask for a monogram, a size note or a delivery date with a form."
    >
      <Select
        label="Form"
        value={details.additionalFieldsFormId}
        disabled={forms === null}
        error={errors.additionalFieldsFormId}
        hint={
          forms?.length === 0 ? 'This site has no forms yet.' : 'Shoppers answer it in the cart.'
        }
        onChange={(event) => onChange({ additionalFieldsFormId: event.target.value })}
      >
        <option value="">No form</option>
        {(forms ?? []).map((form) => (
          <option key={form.id} value={form.id}>
            {form.name}
          </option>
        ))}
      </Select>
    </Card>
  );
}

/** The low-stock (scarcity) message of a product whose stock is counted. */
export function ScarcityCard({ details, type, errors, onChange }: Props) {
  if (hasUnlimitedStockByType(type)) return null;
  return (
    <Card title="Low-stock message">
      <Switch
        label="Show a low-stock message"
        hint="Where it shows, and from how many, is set in Inventory settings."
        checked={details.scarcityEnabled}
        onCheckedChange={(scarcityEnabled) => onChange({ scarcityEnabled })}
      />
      {details.scarcityEnabled ? (
        <>
          <TextField
            label="Message"
            placeholder={DEFAULT_SCARCITY_TEXT}
            hint="{qty} becomes the number left."
            value={details.scarcityText}
            error={errors['merchandising.scarcityText']}
            onChange={(event) => onChange({ scarcityText: event.target.value })}
          />
          <TextField
            label="Show at or below"
            inputMode="numeric"
            placeholder="Store setting"
            hint="Leave empty to use the store’s threshold."
            value={details.scarcityThreshold}
            error={errors['merchandising.scarcityThreshold']}
            onChange={(event) => onChange({ scarcityThreshold: event.target.value })}
          />
        </>
      ) : null}
    </Card>
  );
}

/** The product's categories, among its store page's (SPEC §3; nested ones by their path). */
export function CategoriesCard({ details, collectionId, errors, onChange }: Props) {
  const [all, setAll] = useState<CategoryTreeItem[] | null>(null);
  useEffect(() => {
    if (!collectionId) return;
    let isCurrent = true;
    setAll(null);
    api
      .categories(collectionId)
      .then((answer) => isCurrent && setAll(answer.categories))
      .catch(() => isCurrent && setAll([]));
    return () => {
      isCurrent = false;
    };
  }, [collectionId]);
  const chosen = new Set(details.categoryIds);
  return (
    <Card title="Categories" description="Shoppers filter the store page by these.">
      {all === null ? (
        <p className="field__hint">Loading the categories…</p>
      ) : all.length === 0 ? (
        <p className="field__hint">
          This store page has no categories yet: add them in Categories.
        </p>
      ) : (
        <fieldset className="product-editor__fieldset product-editor__categories">
          <legend className="visually-hidden">Categories</legend>
          {treeRows(all).map((row) => (
            <label
              key={row.id}
              className="product-editor__category"
              style={{ paddingInlineStart: `${row.depth * 1.25}rem` }}
            >
              <input
                type="checkbox"
                checked={chosen.has(row.id)}
                aria-label={pathName(all, row.id)}
                onChange={(event) =>
                  onChange({
                    categoryIds: event.target.checked
                      ? [...details.categoryIds, row.id]
                      : details.categoryIds.filter((id) => id !== row.id),
                  })
                }
              />
              {row.displayName}
            </label>
          ))}
        </fieldset>
      )}
      {errors.categories ? <p className="field__error">{errors.categories}</p> : null}
    </Card>
  );
}
