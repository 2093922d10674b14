import { useEffect, useState } from 'react';
import { Button, ConfirmDialog, Select, Switch, TextField } from '../ui/index.ts';
import {
  generateVariants,
  type ProductForm,
  type VariantRow,
  variantLabel,
} from './product-form.ts';
import {
  addOption,
  addValue,
  MAX_OPTIONS,
  moveOption,
  moveValue,
  removeOption,
  removeValue,
  renameOption,
  renameValue,
  variantNames,
} from './variant-matrix.ts';
import './variant-matrix.css';

type Removal =
  | { kind: 'value'; option: number; value: number; name: string; going: VariantRow[] }
  | { kind: 'option'; option: number; name: string; going: VariantRow[] };

/**
 * The option matrix of a product with variants, new or saved (issue 18): options and their
 * values (added, renamed, reordered with Up/Down buttons, removed), "Generate" for the
 * missing combinations, and one row per variant with its SKU, prices, stock, weight and
 * picture. Removing a value or an option that variants carry asks first, naming them.
 * Every edit is a pure function of the form (variant-matrix.ts); nothing is sent until
 * the editor saves.
 */
export function VariantMatrix({
  form,
  onChange,
  errors,
  countsStock,
}: {
  form: ProductForm;
  onChange: (update: (form: ProductForm) => ProductForm) => void;
  errors: Record<string, string>;
  countsStock: boolean;
}) {
  const [newValues, setNewValues] = useState<Record<number, string>>({});
  const [removal, setRemoval] = useState<Removal | null>(null);
  const missing = generateVariants(form.options, form.variants).filter(
    (row) => !form.variants.includes(row),
  ).length;

  const changeRow = (index: number, patch: Partial<VariantRow>) =>
    onChange((current) => ({
      ...current,
      variants: current.variants.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));

  function askToRemoveValue(optionIndex: number, valueIndex: number) {
    const value = form.options[optionIndex]?.values[valueIndex];
    const { going } = removeValue(form, optionIndex, valueIndex);
    if (value === undefined) return;
    if (going.length === 0)
      onChange((current) => removeValue(current, optionIndex, valueIndex).form);
    else setRemoval({ kind: 'value', option: optionIndex, value: valueIndex, name: value, going });
  }

  function askToRemoveOption(optionIndex: number) {
    const { going } = removeOption(form, optionIndex);
    const name = form.options[optionIndex]?.name || `Option ${optionIndex + 1}`;
    if (going.length === 0) onChange((current) => removeOption(current, optionIndex).form);
    else setRemoval({ kind: 'option', option: optionIndex, name, going });
  }

  function commitNewValue(optionIndex: number) {
    const text = newValues[optionIndex] ?? '';
    onChange((current) => addValue(current, optionIndex, text));
    setNewValues((values) => ({ ...values, [optionIndex]: '' }));
  }

  const optionsError = errors.variantOptionOrdering ?? errors.variants;

  return (
    <div className="variant-matrix">
      <div className="product-editor__options">
        {form.options.map((option, optionIndex) => {
          const optionName = option.name || `Option ${optionIndex + 1}`;
          return (
            <fieldset
              // Options have no id of their own; their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={optionIndex}
              className="product-editor__option variant-matrix__option"
            >
              <legend className="visually-hidden">{`Option ${optionIndex + 1}`}</legend>
              <div className="variant-matrix__option-head">
                <TextField
                  label={`Option ${optionIndex + 1} name`}
                  placeholder="Size"
                  value={option.name}
                  onChange={(event) =>
                    onChange((current) => renameOption(current, optionIndex, event.target.value))
                  }
                />
                <span className="variant-matrix__buttons">
                  <Button
                    size="sm"
                    variant="quiet"
                    aria-label={`Move ${optionName} up`}
                    disabled={optionIndex === 0}
                    onClick={() => onChange((current) => moveOption(current, optionIndex, -1))}
                  >
                    Up
                  </Button>
                  <Button
                    size="sm"
                    variant="quiet"
                    aria-label={`Move ${optionName} down`}
                    disabled={optionIndex === form.options.length - 1}
                    onClick={() => onChange((current) => moveOption(current, optionIndex, 1))}
                  >
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant="quiet"
                    aria-label={`Remove option ${optionName}`}
                    onClick={() => askToRemoveOption(optionIndex)}
                  >
                    Remove
                  </Button>
                </span>
              </div>
              <ol className="variant-matrix__values" aria-label={`${optionName} values`}>
                {option.values.map((value, valueIndex) => (
                  <li key={value} className="variant-matrix__value">
                    <ValueField
                      label={`${optionName} value ${valueIndex + 1}`}
                      value={value}
                      onCommit={(text) =>
                        onChange((current) => renameValue(current, optionIndex, valueIndex, text))
                      }
                    />
                    <span className="variant-matrix__buttons">
                      <Button
                        size="sm"
                        variant="quiet"
                        aria-label={`Move ${value} up`}
                        disabled={valueIndex === 0}
                        onClick={() =>
                          onChange((current) => moveValue(current, optionIndex, valueIndex, -1))
                        }
                      >
                        Up
                      </Button>
                      <Button
                        size="sm"
                        variant="quiet"
                        aria-label={`Move ${value} down`}
                        disabled={valueIndex === option.values.length - 1}
                        onClick={() =>
                          onChange((current) => moveValue(current, optionIndex, valueIndex, 1))
                        }
                      >
                        Down
                      </Button>
                      <Button
                        size="sm"
                        variant="quiet"
                        aria-label={`Remove ${value}`}
                        onClick={() => askToRemoveValue(optionIndex, valueIndex)}
                      >
                        Remove
                      </Button>
                    </span>
                  </li>
                ))}
              </ol>
              <div className="product-editor__add-value">
                <TextField
                  label={`New ${option.name || 'option'} value`}
                  value={newValues[optionIndex] ?? ''}
                  onChange={(event) =>
                    setNewValues((values) => ({ ...values, [optionIndex]: event.target.value }))
                  }
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      commitNewValue(optionIndex);
                    }
                  }}
                />
                <Button onClick={() => commitNewValue(optionIndex)}>Add value</Button>
              </div>
            </fieldset>
          );
        })}
        <div className="product-editor__option-actions">
          <Button disabled={form.options.length >= MAX_OPTIONS} onClick={() => onChange(addOption)}>
            Add option
          </Button>
          {form.options.length > 0 ? (
            <Button
              variant="primary"
              disabled={missing === 0}
              onClick={() =>
                onChange((current) => ({
                  ...current,
                  variants: generateVariants(current.options, current.variants),
                }))
              }
            >
              {missing === 0
                ? 'Every combination has a variant'
                : `Generate ${missing} missing ${missing === 1 ? 'variant' : 'variants'}`}
            </Button>
          ) : null}
        </div>
      </div>
      {optionsError ? <p className="field__error">{optionsError}</p> : null}

      <div className="product-editor__variants">
        {form.variants.map((row, index) => {
          const name = variantLabel(row);
          const field = `variants.${index}`;
          return (
            <fieldset
              key={row.id ?? `new-${name}`}
              className="product-editor__variant variant-matrix__variant"
            >
              <legend>{form.variants.length > 1 ? name : 'Price and stock'}</legend>
              <TextField
                label="SKU"
                value={row.sku}
                placeholder="Made for you"
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
                <TextField
                  label="Stock"
                  inputMode="numeric"
                  value={row.isUnlimited ? '' : row.stock}
                  placeholder={row.isUnlimited ? 'Unlimited' : undefined}
                  disabled={row.isUnlimited}
                  error={errors[`${field}.qtyInStock`]}
                  onChange={(event) => changeRow(index, { stock: event.target.value })}
                />
              ) : null}
              <TextField
                label={`Weight (${form.weightUnit})`}
                inputMode={form.weightUnit === 'g' ? 'numeric' : 'decimal'}
                value={row.weight}
                error={errors[`${field}.weightGrams`]}
                onChange={(event) => changeRow(index, { weight: event.target.value })}
              />
              <Select
                label="Image"
                value={row.imageId ?? ''}
                error={errors[`${field}.imageId`]}
                onChange={(event) => changeRow(index, { imageId: event.target.value || null })}
              >
                <option value="">Default</option>
                {form.images.map((image, i) => (
                  <option key={image.id} value={image.id}>
                    {image.altText || `Image ${i + 1}`}
                  </option>
                ))}
              </Select>
              {countsStock ? (
                <Switch
                  label="Unlimited"
                  checked={row.isUnlimited}
                  onCheckedChange={(isUnlimited) => changeRow(index, { isUnlimited })}
                />
              ) : null}
              {form.variants.length > 1 ? (
                <Button
                  size="sm"
                  variant="quiet"
                  className="variant-matrix__remove-row"
                  aria-label={`Remove variant ${name}`}
                  onClick={() =>
                    onChange((current) => ({
                      ...current,
                      variants: current.variants.filter((_, i) => i !== index),
                    }))
                  }
                >
                  Remove variant
                </Button>
              ) : null}
              {errors[`${field}.optionValues`] ? (
                <p className="field__error variant-matrix__row-error">
                  {errors[`${field}.optionValues`]}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>

      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => {
          if (!open) setRemoval(null);
        }}
        title={removal ? `Remove ${removal.name}?` : ''}
        description={
          removal
            ? `These variants go: ${variantNames(removal.going)}. They are deleted when you save.`
            : ''
        }
        confirmLabel={removal ? `Remove ${removal.name}` : 'Remove'}
        onConfirm={() => {
          if (removal?.kind === 'value') {
            onChange((current) => removeValue(current, removal.option, removal.value).form);
          } else if (removal?.kind === 'option') {
            onChange((current) => removeOption(current, removal.option).form);
          }
          setRemoval(null);
        }}
      />
    </div>
  );
}

/** A value's name, renamed when the field loses focus or Enter is pressed. */
function ValueField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    if (text.trim() === value) return;
    onCommit(text);
    // Refused (empty, or another value's name): the field shows the name it kept.
    setText(value);
  };
  return (
    <TextField
      label={label}
      className="variant-matrix__value-field"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
