import { type InventoryPreferences, newsletterEditorMessages } from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { useState } from 'react';
import { ApiError, api } from '../api/client.ts';
import { Button, Dialog, Select, Skeleton, Switch, TextField, useToast } from '../ui/index.ts';

// The inventory panel's settings (SPEC §2): scarcity toggles for the product page and for
// blocks, and the store-wide threshold; restock notifications' automatic sending, success
// text and mailing-list checkbox (issue 21). A product turns each on in its editor.

export function InventorySettingsButton() {
  const toast = useToast();
  const [isOpen, setIsOpen] = useState(false);
  const [settings, setSettings] = useState<InventoryPreferences | null>(null);
  const [threshold, setThreshold] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [lists, setLists] = useState<{ id: string; name: string }[] | null>(null);

  async function open() {
    setIsOpen(true);
    setErrors({});
    setMessage(null);
    setSettings(null);
    try {
      const [loaded, choices] = await Promise.all([
        api.inventorySettings(),
        api.mailingListChoices(),
      ]);
      setLists(choices.lists);
      setSettings(loaded);
      setThreshold(String(loaded.scarcityThreshold));
    } catch (failure) {
      setMessage(failure instanceof ApiError ? failure.message : editorMessages.somethingWentWrong);
    }
  }

  async function save() {
    if (!settings) return;
    if (settings.restockMailingListSignUp && !settings.restockMailingListId) {
      setErrors({ restockMailingListId: newsletterEditorMessages.listRequired });
      return;
    }
    const trimmed = threshold.trim();
    if (!/^\d+$/.test(trimmed)) {
      setErrors({ scarcityThreshold: 'Enter a whole number' });
      return;
    }
    setIsSaving(true);
    setErrors({});
    try {
      await api.updateInventorySettings({ ...settings, scarcityThreshold: Number(trimmed) });
      toast('Inventory settings saved');
      setIsOpen(false);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fields);
        setMessage(failure.message);
      } else setMessage(editorMessages.somethingWentWrong);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <>
      <Button onClick={open}>Inventory settings</Button>
      <Dialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title="Inventory settings"
        description="The low-stock message tells shoppers a product is nearly gone, and restock notifications tell them it is back. Each product turns these on in its editor."
        footer={
          <>
            <Button onClick={() => setIsOpen(false)}>Cancel</Button>
            <Button variant="primary" disabled={!settings || isSaving} onClick={save}>
              {isSaving ? 'Saving…' : 'Save settings'}
            </Button>
          </>
        }
      >
        {message ? (
          <p role="alert" className="notice notice--error">
            {message}
          </p>
        ) : null}
        {settings ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <Switch
              label="Show on product pages"
              checked={settings.scarcityOnProductPage}
              onCheckedChange={(scarcityOnProductPage) =>
                setSettings({ ...settings, scarcityOnProductPage })
              }
            />
            <Switch
              label="Show in product lists"
              hint="Product blocks, store pages and quick view."
              checked={settings.scarcityInBlocks}
              onCheckedChange={(scarcityInBlocks) => setSettings({ ...settings, scarcityInBlocks })}
            />
            <TextField
              label="Show when stock is at or below"
              inputMode="numeric"
              hint="Products can set their own number."
              value={threshold}
              error={errors.scarcityThreshold}
              onChange={(event) => {
                setThreshold(event.target.value);
                setErrors({});
                setMessage(null);
              }}
            />
            <fieldset className="inventory-settings__restock">
              <legend>Restock notifications</legend>
              <Switch
                label="Email automatically on restock"
                hint="N units back: the first N who signed up are emailed, the rest wait for the next restock."
                checked={settings.restockAutoSend}
                onCheckedChange={(restockAutoSend) => setSettings({ ...settings, restockAutoSend })}
              />
              <TextField
                label="Message after signing up"
                hint="Leave empty for “Signed up!”."
                maxLength={200}
                value={settings.restockSuccessText}
                error={errors.restockSuccessText}
                onChange={(event) =>
                  setSettings({ ...settings, restockSuccessText: event.target.value })
                }
              />
              <Switch
                label="Offer to join the mailing list"
                hint="Those who tick it get an email to confirm, then join the list."
                checked={settings.restockMailingListSignUp}
                onCheckedChange={(restockMailingListSignUp) =>
                  setSettings({ ...settings, restockMailingListSignUp })
                }
              />
              {settings.restockMailingListSignUp && lists?.length === 0 ? (
                <div className="field">
                  <p className="field__error" role="alert">
                    {newsletterEditorMessages.noLists}
                  </p>
                  <a className="field__link" href="/config/mailing-lists">
                    Create a mailing list
                  </a>
                </div>
              ) : settings.restockMailingListSignUp ? (
                <Select
                  label="Mailing list"
                  value={settings.restockMailingListId}
                  error={errors.restockMailingListId}
                  onChange={(event) =>
                    setSettings({ ...settings, restockMailingListId: event.target.value })
                  }
                >
                  <option value="">Choose a list</option>
                  {(lists ?? []).map((list) => (
                    <option key={list.id} value={list.id}>
                      {list.name}
                    </option>
                  ))}
                </Select>
              ) : null}
              {settings.restockMailingListSignUp ? (
                <Switch
                  label="Tick the mailing-list box by default"
                  checked={settings.restockMailingListOptInByDefault}
                  onCheckedChange={(restockMailingListOptInByDefault) =>
                    setSettings({ ...settings, restockMailingListOptInByDefault })
                  }
                />
              ) : null}
            </fieldset>
          </form>
        ) : message ? null : (
          <Skeleton lines={3} label="Loading the settings…" />
        )}
      </Dialog>
    </>
  );
}
