import type { CatalogProduct, NavigationLink } from '@atelier/contract';
import { editorMessages, type ProductType } from '@atelier/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import { RichTextField } from '../rich-text/RichTextField.tsx';
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
import {
  AdditionalFieldsCard,
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
import {
  clientErrors,
  formFromProduct,
  generateVariants,
  hasStock,
  hasVariants,
  moveImage,
  newProductForm,
  type ProductForm,
  removeOptionValue,
  toCreateInput,
  toUpdateInput,
  type VariantRow,
  variantLabel,
  variantsWithValue,
} from './product-form.ts';
import { PRODUCT_TYPE_LABELS } from './product-list-state.ts';
import './products.css';

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
  const [valueToRemove, setValueToRemove] = useState<{ option: number; value: number } | null>(
    null,
  );
  const [newValues, setNewValues] = useState<Record<number, string>>({});
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
    api
      .product(productId)
      .then((product) => {
        if (!isCurrent) return;
        setSaved(product);
        setForm(formFromProduct(product));
        setCleanForm(formFromProduct(product));
        setDetails(detailsFromProduct(product));
        setCleanDetails(detailsFromProduct(product));
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
  const changeRow = (index: number, patch: Partial<VariantRow>) =>
    setForm((current) =>
      current
        ? {
            ...current,
            variants: current.variants.map((row, i) => (i === index ? { ...row, ...patch } : row)),
          }
        : current,
    );
  const isNew = saved === null;
  const type = form.productType;
  const withVariants = hasVariants(type);
  const countsStock = hasStock(type);
  // The API changes an existing product's variants' prices and stock, but cannot add or
  // remove variants; the matrix is only editable before the first save.
  const canChangeMatrix = isNew;
  const currency = saved?.currency ?? '';
  const changedAltTexts = form.images.filter(
    (image) => altTexts[image.id] !== undefined && altTexts[image.id] !== image.altText,
  );
  const isDirty =
    JSON.stringify(form) !== JSON.stringify(cleanForm) ||
    JSON.stringify(details) !== JSON.stringify(cleanDetails) ||
    changedAltTexts.length > 0;
  const changeDetails = (patch: Partial<DetailsForm>) =>
    setDetails((current) => ({ ...current, ...patch }));
  const goBack = () => (isDirty ? setIsConfirmingLeave(true) : onClose());

  async function save() {
    if (!form) return;
    const readDetails = toDetailsInput(details, form.productType);
    const local = { ...clientErrors(form), ...(readDetails.ok ? {} : readDetails.errors) };
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
      if (saved === null) {
        const product = await api.createProduct(withDetails(toCreateInput(form, collectionId)));
        toast(`${product.title} created`);
        onCreated(product);
      } else {
        const product = await api.updateProduct(
          saved.id,
          withDetails(toUpdateInput(form, saved.urlId)),
        );
        setSaved(product);
        setForm(formFromProduct(product));
        setCleanForm(formFromProduct(product));
        setDetails(detailsFromProduct(product));
        setCleanDetails(detailsFromProduct(product));
        toast('Product saved');
      }
    } catch (failure) {
      if (failure instanceof ApiError) {
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
      toast(`${saved.title} deleted`);
      onClose();
    } catch (failure) {
      setIsConfirmingDelete(false);
      setMessage(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
      setIsSaving(false);
    }
  }

  function addValue(optionIndex: number) {
    if (!form) return;
    const text = (newValues[optionIndex] ?? '').trim();
    if (!text) return;
    change({
      options: form.options.map((o, i) =>
        i === optionIndex && !o.values.includes(text) ? { ...o, values: [...o.values, text] } : o,
      ),
    });
    setNewValues((values) => ({ ...values, [optionIndex]: '' }));
  }

  const removing =
    valueToRemove === null
      ? null
      : (() => {
          const option = form.options[valueToRemove.option];
          const value = option?.values[valueToRemove.value];
          if (!option || value === undefined) return null;
          return {
            option: option.name,
            value,
            going: variantsWithValue(form.variants, option.name.trim(), value.trim()),
          };
        })();

  const title = isNew ? `New ${PRODUCT_TYPE_LABELS[type].toLowerCase()} product` : saved.title;
  const detailsProps = {
    details,
    type,
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
          <Button variant="primary" disabled={isSaving} onClick={save}>
            {isSaving ? 'Saving…' : isNew ? 'Create product' : 'Save'}
          </Button>
        </div>
      </div>

      {message ? (
        <p role="alert" className="notice notice--error">
          {message}
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
            description={
              canChangeMatrix
                ? 'Add options such as Size or Colour, then generate a variant for every combination.'
                : 'Variants of a saved product cannot be added or removed, nor their SKUs changed, here yet: the API changes only their prices and stock.'
            }
          >
            {canChangeMatrix ? (
              <div className="product-editor__options">
                {form.options.map((option, optionIndex) => (
                  <fieldset
                    // Options have no id of their own until saved; their place is their identity.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={optionIndex}
                    className="product-editor__option"
                  >
                    <legend className="visually-hidden">{`Option ${optionIndex + 1}`}</legend>
                    <TextField
                      label={`Option ${optionIndex + 1} name`}
                      placeholder="Size"
                      value={option.name}
                      onChange={(event) =>
                        change({
                          options: form.options.map((o, i) =>
                            i === optionIndex ? { ...o, name: event.target.value } : o,
                          ),
                        })
                      }
                    />
                    <ul
                      className="product-editor__values"
                      aria-label={`${option.name || 'Option'} values`}
                    >
                      {option.values.map((value, valueIndex) => (
                        <li key={value} className="product-editor__value">
                          <span>{value}</span>
                          <Button
                            size="sm"
                            variant="quiet"
                            aria-label={`Remove ${value}`}
                            onClick={() => {
                              const going = variantsWithValue(
                                form.variants,
                                option.name.trim(),
                                value,
                              );
                              if (going.length === 0)
                                setForm(removeOptionValue(form, optionIndex, valueIndex));
                              else setValueToRemove({ option: optionIndex, value: valueIndex });
                            }}
                          >
                            ×
                          </Button>
                        </li>
                      ))}
                    </ul>
                    <div className="product-editor__add-value">
                      <TextField
                        label={`New ${option.name || 'option'} value`}
                        value={newValues[optionIndex] ?? ''}
                        onChange={(event) =>
                          setNewValues((values) => ({
                            ...values,
                            [optionIndex]: event.target.value,
                          }))
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            addValue(optionIndex);
                          }
                        }}
                      />
                      <Button onClick={() => addValue(optionIndex)}>Add value</Button>
                    </div>
                  </fieldset>
                ))}
                <div className="product-editor__option-actions">
                  <Button
                    disabled={form.options.length >= 6}
                    onClick={() => change({ options: [...form.options, { name: '', values: [] }] })}
                  >
                    Add option
                  </Button>
                  {form.options.length > 0 ? (
                    <Button
                      variant="primary"
                      onClick={() =>
                        change({ variants: generateVariants(form.options, form.variants) })
                      }
                    >
                      Generate variants
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : null}
            {errors.variants || errors.variantOptionOrdering ? (
              <p className="field__error">{errors.variants ?? errors.variantOptionOrdering}</p>
            ) : null}
            <div className="product-editor__variants">
              {form.variants.map((row, index) => {
                const name = variantLabel(row);
                const field = `variants.${index}`;
                return (
                  <fieldset key={row.id ?? name} className="product-editor__variant">
                    <legend>{form.variants.length > 1 ? name : 'Price and stock'}</legend>
                    <TextField
                      label="SKU"
                      value={row.sku}
                      placeholder={isNew ? 'Made for you' : undefined}
                      readOnly={!isNew}
                      error={errors[`${field}.sku`]}
                      onChange={(event) => changeRow(index, { sku: event.target.value })}
                    />
                    <TextField
                      label="Price"
                      inputMode="decimal"
                      placeholder="24.50"
                      value={row.price}
                      error={errors[`${field}.priceMoney`]}
                      onChange={(event) => changeRow(index, { price: event.target.value })}
                    />
                    <TextField
                      label="Sale price"
                      inputMode="decimal"
                      value={row.salePrice}
                      error={errors[`${field}.salePriceMoney`]}
                      onChange={(event) => changeRow(index, { salePrice: event.target.value })}
                    />
                    {countsStock ? (
                      <>
                        <TextField
                          label="Stock"
                          inputMode="numeric"
                          value={row.isUnlimited ? '' : row.stock}
                          disabled={row.isUnlimited}
                          error={errors[`${field}.qtyInStock`]}
                          onChange={(event) => changeRow(index, { stock: event.target.value })}
                        />
                        <Switch
                          label="Unlimited"
                          checked={row.isUnlimited}
                          onCheckedChange={(isUnlimited) => changeRow(index, { isUnlimited })}
                        />
                      </>
                    ) : null}
                    {errors[`${field}.optionValues`] ? (
                      <p className="field__error">{errors[`${field}.optionValues`]}</p>
                    ) : null}
                  </fieldset>
                );
              })}
            </div>
            <Switch
              label="On sale"
              hint="Shows each variant’s sale price in the store."
              checked={form.isOnSale}
              onCheckedChange={(isOnSale) => change({ isOnSale })}
            />
          </Card>
        ) : null}

        <VisibilityCard {...detailsProps} />
        <ShippingCard {...detailsProps} />
        <DigitalFileCard {...detailsProps} />
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

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setValueToRemove(null);
        }}
        title={removing ? `Remove ${removing.value}?` : ''}
        description={
          removing ? `These variants will go: ${removing.going.map(variantLabel).join(', ')}.` : ''
        }
        confirmLabel={removing ? `Remove ${removing.value}` : 'Remove'}
        onConfirm={() => {
          if (valueToRemove)
            setForm(removeOptionValue(form, valueToRemove.option, valueToRemove.value));
          setValueToRemove(null);
        }}
      />

      <ConfirmDialog
        open={isConfirmingLeave}
        onOpenChange={setIsConfirmingLeave}
        title="Leave without saving?"
        description="Your changes to this product have not been saved and will be lost."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={onClose}
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
