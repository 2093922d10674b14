import type { CatalogProduct, NavigationLink } from '@atelier/contract';
import { editorMessages, type ProductType } from '@atelier/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, api, ProductChangedError } from '../api/client.ts';
import { storeSettingsApi } from '../api/store-settings-client.ts';
import { FileManager } from '../files/FileManager.tsx';
import { RichTextField } from '../rich-text/RichTextField.tsx';
import { METRIC_UNITS, type ShippingUnits } from '../shipping-units.ts';
import {
  Badge,
  Button,
  Card,
  ConfirmDialog,
  Dialog,
  Select,
  Skeleton,
  Switch,
  TextField,
  useToast,
} from '../ui/index.ts';
import { PaywallAccessCard } from './PaywallAccessCard.tsx';
import { ProductConflictDialog } from './ProductConflictDialog.tsx';
import {
  AdditionalFieldsCard,
  CategoriesCard,
  DigitalFileCard,
  ScarcityCard,
  SeoCard,
  ShippingCard,
  SubscriptionCard,
  VisibilityCard,
} from './ProductDetailsCards.tsx';
import {
  type DetailsForm,
  detailsFromProduct,
  newDetailsForm,
  toDetailsInput,
} from './product-details-form.ts';
import { clearDraft, loadDraft, saveDraft } from './product-draft-store.ts';
import {
  clientErrors,
  formFromProduct,
  hasStock,
  hasVariants,
  moveImage,
  newProductForm,
  type ProductForm,
  toCreateInput,
  toUpdateInput,
  withWeightUnit,
} from './product-form.ts';
import { PRODUCT_TYPE_LABELS } from './product-list-state.ts';
import { VariantMatrix } from './VariantMatrix.tsx';
import { type ConflictField, describeConflict, rebaseForm } from './variant-matrix.ts';
import './products.css';

/** The store's weight and size units (Store settings); metric when they cannot be read. */
const loadStoreUnits = (): Promise<ShippingUnits> =>
  storeSettingsApi.settings().then(
    (settings) => ({ weight: settings.weightUnit, size: settings.sizeUnit }),
    () => METRIC_UNITS,
  );

type Collection = { id: string; title: string };

/** The store's product collections, from the site layout (they are its store pages). */
function collectionsIn(links: readonly NavigationLink[]): Collection[] {
  return links.flatMap((link) => [
    ...(link.kind === 'collection' && link.collectionId
      ? [{ id: link.collectionId, title: link.title }]
      : []),
    ...collectionsIn(link.children),
  ]);
}

/** The first message among the field's own key and its indexed children (tags.2). */
function errorFor(errors: Record<string, string>, field: string): string | undefined {
  if (errors[field]) return errors[field];
  const child = Object.keys(errors).find((key) => key.startsWith(`${field}.`));
  return child ? errors[child] : undefined;
}

/**
 * Creates or edits one product (issue 18): its text, URL id, tags, images, price and sale,
 * visibility, button texts and, for goods with variants, the option matrix. Saving sends
 * the whole form to the staff API; the server's field messages appear under their fields.
 */
export function ProductEditor({
  productId,
  newType,
  onClose,
  onCreated,
}: {
  /** The saved product to edit; null with `newType` for a new one. */
  productId: string | null;
  newType: ProductType;
  onClose: () => void;
  onCreated: (product: CatalogProduct) => void;
}) {
  const id = useId();
  const toast = useToast();
  const [saved, setSaved] = useState<CatalogProduct | null>(null);
  const [units, setUnits] = useState<ShippingUnits>(METRIC_UNITS);
  const [form, setForm] = useState<ProductForm | null>(
    productId === null ? newProductForm(newType) : null,
  );
  const [collections, setCollections] = useState<Collection[] | null>(null);
  const [collectionId, setCollectionId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isPickingImage, setIsPickingImage] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  // A save refused because someone else saved meanwhile: their product and what differs.
  const [conflict, setConflict] = useState<{
    current: CatalogProduct;
    fields: ConflictField[];
  } | null>(null);
  // When unsaved changes from an earlier visit were put back into the form.
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The form as last loaded or saved: Back asks before leaving changes that differ from it.
  const [cleanForm, setCleanForm] = useState<ProductForm | null>(form);
  const [isConfirmingLeave, setIsConfirmingLeave] = useState(false);
  // Search, visibility, shipping, delivery and the like (product-details-form.ts).
  const [details, setDetails] = useState<DetailsForm>(newDetailsForm);
  const [cleanDetails, setCleanDetails] = useState<DetailsForm>(details);
  // Alt texts as typed; saved to the images (they belong to the image, wherever shown).
  const [altTexts, setAltTexts] = useState<Record<string, string>>({});
  const [draggedImage, setDraggedImage] = useState<number | null>(null);
  const isLoaded = form !== null;

  // The editor replaces the list: focus its heading so a screen reader hears where it is.
  useEffect(() => {
    if (isLoaded) heading.current?.focus();
  }, [isLoaded]);

  useEffect(() => {
    if (productId === null) {
      void loadStoreUnits().then((storeUnits) => {
        setUnits(storeUnits);
        // Weights typed before the units arrived keep their grams, shown the store's way.
        setForm((f) => f && withWeightUnit(f, storeUnits.weight));
        setCleanForm((f) => f && withWeightUnit(f, storeUnits.weight));
      });
      // A new product goes into a store page: the first one unless the merchant picks another.
      api
        .siteLayout()
        .then((layout) => {
          const found = collectionsIn(layout.layout.flatMap((nav) => nav.links));
          setCollections(found);
          setCollectionId(found[0]?.id ?? '');
        })
        .catch(() => setCollections([]));
      return;
    }
    let isCurrent = true;
    // The weight and size show in the store's units, so they are known before the product.
    Promise.all([api.product(productId), loadStoreUnits()])
      .then(([product, storeUnits]) => {
        if (!isCurrent) return;
        setUnits(storeUnits);
        // Unsaved changes kept from an earlier visit come back, with the version they
        // started from, so a save still notices an edit someone made in between.
        const draft = loadDraft(product.id);
        const base = draft?.base ?? product;
        setSaved(base);
        setForm(
          draft?.form
            ? withWeightUnit(draft.form, storeUnits.weight)
            : formFromProduct(product, storeUnits.weight),
        );
        setCleanForm(formFromProduct(base, storeUnits.weight));
        setRestoredAt(draft?.savedAt ?? null);
        setDetails(detailsFromProduct(product, storeUnits));
        setCleanDetails(detailsFromProduct(product, storeUnits));
      })
      .catch((failure: unknown) => {
        if (isCurrent)
          setMessage(
            failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong,
          );
      });
    return () => {
      isCurrent = false;
    };
  }, [productId]);

  const isFormDirty = form !== null && JSON.stringify(form) !== JSON.stringify(cleanForm);
  const changedAltTexts = (form?.images ?? []).filter(
    (image) => altTexts[image.id] !== undefined && altTexts[image.id] !== image.altText,
  );
  const isDirty =
    isFormDirty ||
    JSON.stringify(details) !== JSON.stringify(cleanDetails) ||
    changedAltTexts.length > 0;
  // The draft: kept in this browser while it differs from the saved product.
  useEffect(() => {
    if (!saved || !form) return;
    if (isFormDirty) saveDraft(saved.id, saved, form);
    else clearDraft(saved.id);
  }, [saved, form, isFormDirty]);
  // Closing the tab or reloading with unsaved changes asks the browser's own question.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  if (form === null) {
    return (
      <div className="screen product-editor">
        <Button onClick={onClose}>Back to products</Button>
        {message ? (
          <p role="alert" className="notice notice--error">
            {message}
          </p>
        ) : (
          <Skeleton lines={8} label="Loading product…" />
        )}
      </div>
    );
  }

  const change = (patch: Partial<ProductForm>) =>
    setForm((current) => (current ? { ...current, ...patch } : current));
  const changeForm = (update: (current: ProductForm) => ProductForm) =>
    setForm((current) => (current ? update(current) : current));
  const isNew = saved === null;
  const type = form.productType;
  const withVariants = hasVariants(type);
  const countsStock = hasStock(type);
  const currency = saved?.currency ?? '';
  const changeDetails = (patch: Partial<DetailsForm>) =>
    setDetails((current) => ({ ...current, ...patch }));
  const goBack = () => (isDirty ? setIsConfirmingLeave(true) : onClose());

  async function save(
    toSave: ProductForm | null = form,
    base: CatalogProduct | null = saved,
    detailsToSave: DetailsForm = details,
  ) {
    if (!toSave) return;
    const readDetails = toDetailsInput(detailsToSave, toSave.productType, units);
    const local = { ...clientErrors(toSave), ...(readDetails.ok ? {} : readDetails.errors) };
    setMessage(null);
    if (Object.keys(local).length > 0 || !readDetails.ok) {
      setErrors(local);
      setMessage('Check the highlighted fields.');
      return;
    }
    if (isNew && !collectionId) {
      setMessage('Add a store page first: products live in a store page.');
      return;
    }
    setIsSaving(true);
    setErrors({});
    try {
      // Alt text belongs to the image: saved first, so the product reads it back.
      for (const image of changedAltTexts) {
        await api.setMediaAltText(image.id, altTexts[image.id] ?? '');
      }
      setAltTexts({});
      const withDetails = <T extends { merchandising?: object }>(input: T): T => ({
        ...input,
        ...readDetails.input,
        merchandising: { ...input.merchandising, ...readDetails.input.merchandising },
      });
      if (base === null) {
        const product = await api.createProduct(withDetails(toCreateInput(toSave, collectionId)));
        toast(`${product.title} created`);
        onCreated(product);
      } else {
        const product = await api.updateProduct(base.id, withDetails(toUpdateInput(toSave, base)));
        clearDraft(product.id);
        setSaved(product);
        setForm(formFromProduct(product, units.weight));
        setCleanForm(formFromProduct(product, units.weight));
        setDetails(detailsFromProduct(product, units));
        setCleanDetails(detailsFromProduct(product, units));
        setRestoredAt(null);
        setConflict(null);
        toast('Product saved');
      }
    } catch (failure) {
      if (failure instanceof ProductChangedError && base) {
        setConflict({
          current: failure.current,
          fields: describeConflict(base, toSave, failure.current),
        });
        setMessage(failure.message);
      } else if (failure instanceof ApiError) {
        setErrors(failure.fields);
        setMessage(failure.message);
      } else setMessage(editorMessages.somethingWentWrong);
    } finally {
      setIsSaving(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setIsSaving(true);
    try {
      await api.deleteProduct(saved.id);
      clearDraft(saved.id);
      toast(`${saved.title} deleted`);
      onClose();
    } catch (failure) {
      setIsConfirmingDelete(false);
      setMessage(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
      setIsSaving(false);
    }
  }

  /** The conflict's choices: take their product, or save this form over it. */
  function reloadTheirs() {
    if (!conflict) return;
    setSaved(conflict.current);
    setForm(formFromProduct(conflict.current, units.weight));
    setCleanForm(formFromProduct(conflict.current, units.weight));
    setDetails(detailsFromProduct(conflict.current, units));
    setCleanDetails(detailsFromProduct(conflict.current, units));
    setRestoredAt(null);
    setConflict(null);
    setMessage(null);
    setErrors({});
  }
  function overwriteWithMine() {
    if (!conflict || !form || !saved) return;
    const rebased = rebaseForm(form, saved, conflict.current);
    // The details likewise: only those the merchant changed go over theirs.
    const theirDetails = detailsFromProduct(conflict.current, units);
    const rebasedDetails = Object.fromEntries(
      (Object.keys(details) as (keyof DetailsForm)[]).map((key) => [
        key,
        JSON.stringify(details[key]) === JSON.stringify(cleanDetails[key])
          ? theirDetails[key]
          : details[key],
      ]),
    ) as DetailsForm;
    setSaved(conflict.current);
    setCleanForm(formFromProduct(conflict.current, units.weight));
    setForm(rebased);
    setDetails(rebasedDetails);
    setCleanDetails(theirDetails);
    void save(rebased, conflict.current, rebasedDetails);
  }

  const title = isNew ? `New ${PRODUCT_TYPE_LABELS[type].toLowerCase()} product` : saved.title;
  const detailsProps = {
    details,
    type,
    collectionId: saved?.collectionId ?? collectionId,
    address: `${window.location.host}${saved ? saved.fullUrl : `/…/p/${form.urlId.trim() || 'new-product'}`}`,
    title: form.title,
    errors,
    onChange: changeDetails,
  };

  return (
    <div className="screen product-editor">
      <div className="screen-header product-editor__header">
        <div>
          <Button size="sm" variant="quiet" onClick={goBack}>
            ← Back to products
          </Button>
          <h1 id={`${id}-heading`} ref={heading} tabIndex={-1}>
            {title}
          </h1>
          <p className="screen-header__lead">
            <Badge>{PRODUCT_TYPE_LABELS[type]}</Badge>{' '}
            {isNew ? 'Not saved yet.' : `/${saved.fullUrl.replace(/^\//, '')}`}
          </p>
        </div>
        <div className="product-editor__actions">
          {isNew ? null : (
            <Button variant="danger" onClick={() => setIsConfirmingDelete(true)}>
              Delete
            </Button>
          )}
          <Button variant="primary" disabled={isSaving} onClick={() => void save()}>
            {isSaving ? 'Saving…' : isNew ? 'Create product' : 'Save'}
          </Button>
        </div>
      </div>

      {message ? (
        <p role="alert" className="notice notice--error">
          {message}
        </p>
      ) : null}
      {restoredAt && isDirty ? (
        <p role="status" className="notice">
          Your unsaved changes from an earlier visit are back. Save them, or{' '}
          <Button
            size="sm"
            variant="quiet"
            onClick={() => {
              if (!saved) return;
              clearDraft(saved.id);
              setRestoredAt(null);
              setForm(cleanForm);
              // The draft's base may be old: read the product as it is now.
              void api.product(saved.id).then((product) => {
                setSaved(product);
                setForm(formFromProduct(product, units.weight));
                setCleanForm(formFromProduct(product, units.weight));
              });
            }}
          >
            discard them
          </Button>
          .
        </p>
      ) : null}

      <form
        className="product-editor__form"
        aria-labelledby={`${id}-heading`}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Card title="Details">
          <TextField
            label="Name"
            value={form.title}
            error={errors.title}
            onChange={(event) => change({ title: event.target.value })}
          />
          <RichTextField
            label="Description"
            value={{ doc: null, html: form.description }}
            onChange={(value) => change({ description: value.html })}
          />
          {errors.description ? <p className="field__error">{errors.description}</p> : null}
          <TextField
            label="URL id"
            value={form.urlId}
            hint={
              isNew
                ? 'Optional: made from the name when left empty.'
                : saved.formerUrlIds.length > 0
                  ? `Changing it changes the product page’s address; the old one leads here. Also reached from: ${saved.formerUrlIds.join(', ')}.`
                  : 'Changing it changes the product page’s address; the old one leads here.'
            }
            error={errors.urlId}
            onChange={(event) => change({ urlId: event.target.value })}
          />
          <TextField
            label="Tags"
            value={form.tagsText}
            hint="Separate tags with commas."
            error={errorFor(errors, 'tags')}
            onChange={(event) => change({ tagsText: event.target.value })}
          />
          {isNew && collections && collections.length > 1 ? (
            <Select
              label="Store page"
              value={collectionId}
              error={errors.collectionId}
              onChange={(event) => setCollectionId(event.target.value)}
            >
              {collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.title}
                </option>
              ))}
            </Select>
          ) : errors.collectionId ? (
            <p className="field__error">{errors.collectionId}</p>
          ) : null}
        </Card>

        <Card
          title="Images"
          description="The first image is the one lists and the shop show. Drag an image, or use Up and Down, to reorder."
        >
          {form.images.length === 0 ? (
            <p className="field__hint">No images yet.</p>
          ) : (
            <ol className="product-editor__images" aria-label="Product images">
              {form.images.map((image, index) => (
                <li
                  key={image.id}
                  className={`product-editor__image${draggedImage === index ? ' product-editor__image--dragged' : ''}`}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(index));
                    setDraggedImage(index);
                  }}
                  onDragOver={(event) => {
                    if (draggedImage !== null) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (draggedImage === null || draggedImage === index) return;
                    const images = [...form.images];
                    const [moved] = images.splice(draggedImage, 1);
                    if (moved) images.splice(index, 0, moved);
                    change({ images });
                    setDraggedImage(null);
                  }}
                  onDragEnd={() => setDraggedImage(null)}
                >
                  <img src={image.src} alt="" width={64} height={64} />
                  <TextField
                    className="product-editor__image-alt"
                    label={`Image ${index + 1} alt text`}
                    placeholder="What the image shows"
                    hint={index === 0 ? 'Read by screen readers and search engines.' : undefined}
                    value={altTexts[image.id] ?? image.altText}
                    onChange={(event) =>
                      setAltTexts((all) => ({ ...all, [image.id]: event.target.value }))
                    }
                  />
                  <span className="product-editor__image-actions">
                    <Button
                      size="sm"
                      variant="quiet"
                      aria-label={`Move image ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => change({ images: moveImage(form.images, index, -1) })}
                    >
                      Up
                    </Button>
                    <Button
                      size="sm"
                      variant="quiet"
                      aria-label={`Move image ${index + 1} down`}
                      disabled={index === form.images.length - 1}
                      onClick={() => change({ images: moveImage(form.images, index, 1) })}
                    >
                      Down
                    </Button>
                    <Button
                      size="sm"
                      variant="quiet"
                      aria-label={`Remove image ${index + 1}`}
                      onClick={() => change({ images: form.images.filter((_, i) => i !== index) })}
                    >
                      Remove
                    </Button>
                  </span>
                </li>
              ))}
            </ol>
          )}
          {errorFor(errors, 'mediaIds') ? (
            <p className="field__error">{errorFor(errors, 'mediaIds')}</p>
          ) : null}
          <Button onClick={() => setIsPickingImage(true)}>Add image</Button>
        </Card>

        {withVariants ? null : (
          <Card title="Price">
            <div className="product-editor__prices">
              <TextField
                label={`Price${currency ? ` (${currency})` : ''}`}
                inputMode="decimal"
                placeholder="24.50"
                value={form.price}
                error={errors.priceMoney}
                onChange={(event) => change({ price: event.target.value })}
              />
              <TextField
                label="Sale price"
                inputMode="decimal"
                value={form.salePrice}
                error={errors.salePriceMoney}
                onChange={(event) => change({ salePrice: event.target.value })}
              />
            </div>
            <Switch
              label="On sale"
              checked={form.isOnSale}
              onCheckedChange={(isOnSale) => change({ isOnSale })}
            />
          </Card>
        )}

        {withVariants ? (
          <Card
            title={form.variants.length > 1 ? 'Options and variants' : 'Price and stock'}
            description="Add options such as Size or Colour and their values, then generate a variant for every combination. Removed variants are deleted when you save."
          >
            <VariantMatrix
              form={form}
              onChange={changeForm}
              errors={errors}
              countsStock={countsStock}
            />
            <Switch
              label="On sale"
              hint="Shows each variant’s sale price in the store."
              checked={form.isOnSale}
              onCheckedChange={(isOnSale) => change({ isOnSale })}
            />
          </Card>
        ) : null}

        <VisibilityCard {...detailsProps} />
        <CategoriesCard {...detailsProps} />
        <ShippingCard {...detailsProps} units={units} />
        <DigitalFileCard {...detailsProps} />
        <PaywallAccessCard productId={saved?.id} type={type} />
        <SubscriptionCard {...detailsProps} />
        <ScarcityCard {...detailsProps} />
        <AdditionalFieldsCard {...detailsProps} />

        <Card title="Buttons">
          <Switch
            label="Custom add-to-cart button text"
            checked={form.useCustomAddButtonText}
            onCheckedChange={(useCustomAddButtonText) => change({ useCustomAddButtonText })}
          />
          {form.useCustomAddButtonText ? (
            <TextField
              label="Button text"
              value={form.customAddButtonText}
              error={errors.customAddButtonText}
              onChange={(event) => change({ customAddButtonText: event.target.value })}
            />
          ) : null}
          <TextField
            label="Sold-out text"
            hint="Optional: shown instead of the store’s sold-out text."
            value={form.customSoldOutText}
            error={errorFor(errors, 'merchandising')}
            onChange={(event) => change({ customSoldOutText: event.target.value })}
          />
        </Card>
        <SeoCard {...detailsProps} />
        {/* Enter in a field saves, as in any form; the visible Save button is at the top. */}
        <div className="product-editor__footer">
          <Button type="submit" variant="primary" disabled={isSaving}>
            {isNew ? 'Create product' : 'Save'}
          </Button>
        </div>
      </form>

      <Dialog
        open={isPickingImage}
        onOpenChange={setIsPickingImage}
        title="Add an image"
        size="wide"
      >
        <FileManager
          chooseLabel="Add to product"
          onChoose={(media) => {
            setIsPickingImage(false);
            if (form.images.some((image) => image.id === media.id)) return;
            change({
              images: [...form.images, { id: media.id, src: media.src, altText: media.altText }],
            });
          }}
        />
      </Dialog>

      <ProductConflictDialog
        open={conflict !== null}
        fields={conflict?.fields ?? []}
        isBusy={isSaving}
        onOpenChange={(open) => {
          if (!open) setConflict(null);
        }}
        onReload={reloadTheirs}
        onOverwrite={overwriteWithMine}
      />

      <ConfirmDialog
        open={isConfirmingLeave}
        onOpenChange={setIsConfirmingLeave}
        title="Leave without saving?"
        description="Your changes to this product have not been saved and will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={() => {
          if (saved) clearDraft(saved.id);
          onClose();
        }}
      />

      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete ${saved?.title ?? 'this product'}?`}
        description="The product, its variants and its images’ place in the store go. This cannot be undone."
        confirmLabel="Delete product"
        isBusy={isSaving}
        onConfirm={remove}
      />
    </div>
  );
}
