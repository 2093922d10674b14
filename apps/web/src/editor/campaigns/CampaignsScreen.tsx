import {
  CAMPAIGN_MAX_BLOCKS,
  type Campaign,
  type CampaignAudienceList,
  type CampaignBlockInput,
  type CampaignBlockType,
  type CampaignRecipient,
  type CampaignRecipientPage,
  type CampaignStatus,
  type MediaFile,
  newsletterEditorMessages,
  RECIPIENT_PAGE_SIZES,
  type RecipientStatus,
} from '@atelier/contract';
import { editorMessages } from '@atelier/core';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { campaignsApi } from '../api/campaigns-client.ts';
import { ApiError, api } from '../api/client.ts';
import { FileManager } from '../files/FileManager.tsx';
import { useLeaveConfirm, useUnsavedChangesGuard } from '../UnsavedChanges.tsx';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  type DataTableServerState,
  EmptyState,
  Select,
  Skeleton,
  TextArea,
  TextField,
  useListSearch,
  useToast,
} from '../ui/index.ts';
import './campaigns.css';

// Campaigns (issue 21): the list of campaigns with their progress, the composer of a
// draft (details, blocks added, reordered and removed, a preview of the email, a test
// send, the send itself after a confirmation naming how many addresses get it), and a
// sending campaign's progress and recipients, polled until it is done.

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : editorMessages.somethingWentWrong;

const STATUS: Record<CampaignStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'accent' },
  sent: { label: 'Sent', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'warning' },
};

/** The badge of a campaign: a sending one that stopped says so. */
const statusOf = (campaign: Campaign) =>
  campaign.stalled ? { label: 'Stopped', tone: 'warning' as BadgeTone } : STATUS[campaign.status];

const RECIPIENT_STATUS: Record<RecipientStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Waiting', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'accent' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'warning' },
  skipped: { label: 'Skipped', tone: 'neutral' },
};

const BLOCK_LABELS: Record<CampaignBlockType, string> = {
  text: 'Text',
  image: 'Image',
  button: 'Button',
  product: 'Product',
};

const POLL_MS = 2000;
/** After the last turn, emails may still be leaving the outbox: checked less often. */
const SLOW_POLL_MS = 15_000;

const dateTime = (ms: number | null) => (ms ? new Date(ms).toLocaleString() : '—');

/** Processed recipients (no longer waiting their turn) of all. */
function progressOf(campaign: Campaign) {
  const { total, queued } = campaign.counts;
  return { done: total - queued, total };
}

const isBusy = (campaign: Campaign) =>
  campaign.status === 'sending' || campaign.counts.queued > 0 || campaign.counts.sending > 0;

export function CampaignsScreen() {
  const [openId, setOpenId] = useState<string | null>(null);
  return openId ? (
    <CampaignDetail key={openId} campaignId={openId} onClose={() => setOpenId(null)} />
  ) : (
    <CampaignList onOpen={setOpenId} />
  );
}

function CampaignList({ onOpen }: { onOpen: (id: string) => void }) {
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    campaignsApi
      .list()
      .then((answer) => {
        setCampaigns(answer.campaigns);
        setError(null);
      })
      .catch((caught) => setError(errorText(caught)));
  }, []);
  useEffect(load, [load]);
  // While one is sending, its progress moves.
  useEffect(() => {
    if (!campaigns?.some(isBusy)) return;
    const isSending = campaigns.some((c) => c.status === 'sending');
    const timer = setInterval(load, isSending ? POLL_MS : SLOW_POLL_MS);
    return () => clearInterval(timer);
  }, [campaigns, load]);

  async function create() {
    try {
      const created = await campaignsApi.create({ name: 'Untitled campaign' });
      onOpen(created.id);
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  const columns: DataColumn<Campaign>[] = [
    {
      key: 'name',
      header: 'Campaign',
      isRowHeader: true,
      sortValue: (c) => c.name,
      cell: (c) => (
        <>
          <button type="button" className="campaigns__link" onClick={() => onOpen(c.id)}>
            {c.name}
          </button>
          <span className="campaigns__meta">{c.subject || 'No subject yet'}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortValue: (c) => c.status,
      cell: (c) => <Badge tone={statusOf(c).tone}>{statusOf(c).label}</Badge>,
    },
    { key: 'list', header: 'List', cell: (c) => c.listName ?? '—' },
    {
      key: 'progress',
      header: 'Progress',
      cell: (c) =>
        c.status === 'draft' ? (
          '—'
        ) : (
          <ProgressBar campaign={c} label={`Progress of ${c.name}`} isCompact />
        ),
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (c) => c.createdAt,
      cell: (c) => dateTime(c.createdAt),
    },
  ];

  return (
    <div className="screen campaigns-screen">
      <div className="screen-header">
        <div>
          <h1>Campaigns</h1>
          <p className="screen-header__lead">
            Email your mailing lists: compose from blocks, send a test, then send at a steady pace.
          </p>
        </div>
        <Button variant="primary" onClick={create}>
          Create campaign
        </Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {campaigns === null ? (
        <Skeleton lines={3} label="Loading campaigns…" />
      ) : campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          Create a campaign to email the people on one of your mailing lists.
        </EmptyState>
      ) : (
        <div className="campaigns__table">
          <DataTable
            caption="Campaigns"
            isCaptionHidden
            rows={campaigns}
            columns={columns}
            rowKey={(c) => c.id}
            rowLabel={(c) => c.name}
          />
        </div>
      )}
    </div>
  );
}

function ProgressBar({
  campaign,
  label,
  isCompact = false,
}: {
  campaign: Campaign;
  label: string;
  isCompact?: boolean;
}) {
  const { done, total } = progressOf(campaign);
  const { sent, sending, failed, skipped } = campaign.counts;
  return (
    <div
      className={
        isCompact ? 'campaigns__progress campaigns__progress--compact' : 'campaigns__progress'
      }
    >
      <progress aria-label={label} value={done} max={Math.max(total, 1)} />
      <span className="campaigns__meta">
        {done} of {total} processed · {sent} sent
        {isCompact ? '' : ` · ${sending} sending · ${failed} failed · ${skipped} skipped`}
      </span>
    </div>
  );
}

type Draft = {
  name: string;
  subject: string;
  previewText: string;
  listId: string;
  ratePerMinute: string;
  blocks: { key: number; block: CampaignBlockInput }[];
};

let nextKey = 1;
const keyed = (block: CampaignBlockInput) => ({ key: nextKey++, block });

function draftOf(campaign: Campaign): Draft {
  return {
    name: campaign.name,
    subject: campaign.subject,
    previewText: campaign.previewText,
    listId: campaign.listId ?? '',
    ratePerMinute: String(campaign.ratePerMinute),
    blocks: campaign.blocks.map(keyed),
  };
}

function newBlock(type: CampaignBlockType): CampaignBlockInput {
  switch (type) {
    case 'text':
      return { type, text: '' };
    case 'image':
      return { type, mediaId: null, url: '', altText: '', linkUrl: '' };
    case 'button':
      return { type, label: 'Shop now', url: '' };
    case 'product':
      return { type, productId: '' };
  }
}

function CampaignDetail({ campaignId, onClose }: { campaignId: string; onClose: () => void }) {
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmLeave = useLeaveConfirm();

  const load = useCallback(() => {
    campaignsApi
      .get(campaignId)
      .then((answer) => {
        setCampaign(answer);
        setError(null);
      })
      .catch((caught) => setError(errorText(caught)));
  }, [campaignId]);
  useEffect(load, [load]);

  return (
    <div className="screen campaigns-screen">
      <div className="screen-header">
        <div>
          <h1>{campaign?.name ?? 'Campaign'}</h1>
          {campaign ? (
            <p className="screen-header__lead">
              <Badge tone={statusOf(campaign).tone}>{statusOf(campaign).label}</Badge>
            </p>
          ) : null}
        </div>
        <Button onClick={() => confirmLeave(onClose)}>Back to campaigns</Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {campaign === null ? (
        <Skeleton lines={4} label="Loading the campaign…" />
      ) : campaign.status === 'draft' ? (
        <Composer campaign={campaign} onChanged={setCampaign} onDeleted={onClose} />
      ) : (
        <Progress campaign={campaign} onChanged={setCampaign} reload={load} />
      )}
    </div>
  );
}

function Composer({
  campaign,
  onChanged,
  onDeleted,
}: {
  campaign: Campaign;
  onChanged: (campaign: Campaign) => void;
  onDeleted: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [lists, setLists] = useState<CampaignAudienceList['lists'] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [testEmail, setTestEmail] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [isWorking, setWorking] = useState(false);
  const toast = useToast();
  /** The move button to focus once its block has moved (`${key}-up` or `${key}-down`). */
  const focusAfterMove = useRef<string | null>(null);

  const inputOf = (d: Draft) => JSON.stringify({ ...d, blocks: d.blocks.map((b) => b.block) });
  const [savedInput, setSavedInput] = useState(() => inputOf(draftOf(campaign)));
  const isDirty = inputOf(draft) !== savedInput;
  useUnsavedChangesGuard(isDirty, 'Your changes to this campaign will be lost.');

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const [key, direction] = target.split('-');
    const other = direction === 'up' ? 'down' : 'up';
    const button = document.querySelector<HTMLButtonElement>(
      `[data-focus-key="${key}-${direction}"]`,
    );
    if (button && !button.disabled) button.focus();
    else document.querySelector<HTMLButtonElement>(`[data-focus-key="${key}-${other}"]`)?.focus();
  });

  useEffect(() => {
    campaignsApi
      .lists()
      .then((answer) => setLists(answer.lists))
      .catch((caught) => setNotice({ text: errorText(caught), isError: true }));
  }, []);

  const body = () => ({
    name: draft.name,
    subject: draft.subject,
    previewText: draft.previewText,
    listId: draft.listId || null,
    ratePerMinute: Number(draft.ratePerMinute),
    blocks: draft.blocks.map((b) => b.block),
  });

  /** Saves the draft; false (with the reasons shown) when the server refused it. */
  async function save(): Promise<boolean> {
    try {
      const sent = draft;
      const saved = await campaignsApi.update(campaign.id, body());
      setSavedInput(inputOf(sent));
      setFieldErrors({});
      onChanged(saved);
      return true;
    } catch (caught) {
      setFieldErrors(caught instanceof ApiError ? caught.fields : {});
      setNotice({ text: errorText(caught), isError: true });
      return false;
    }
  }

  async function run(work: () => Promise<void>) {
    if (isWorking) return;
    setWorking(true);
    try {
      await work();
    } finally {
      setWorking(false);
    }
  }

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      if (await save()) {
        setNotice({ text: 'Draft saved.', isError: false });
        toast('Draft saved.');
      }
    });
  };

  const refreshPreview = () =>
    run(async () => {
      try {
        const answer = await campaignsApi.preview({
          subject: draft.subject,
          previewText: draft.previewText,
          blocks: draft.blocks.map((b) => b.block),
        });
        setPreview(answer.html);
        setFieldErrors({});
      } catch (caught) {
        setFieldErrors(caught instanceof ApiError ? caught.fields : {});
        setNotice({ text: errorText(caught), isError: true });
      }
    });

  const sendTest = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      if (!(await save())) return;
      try {
        const sent = await campaignsApi.sendTest(campaign.id, testEmail);
        setNotice({ text: `Test email queued for ${sent.to}.`, isError: false });
        toast(`Test email queued for ${sent.to}.`);
      } catch (caught) {
        setFieldErrors(caught instanceof ApiError ? caught.fields : {});
        setNotice({ text: errorText(caught), isError: true });
      }
    });
  };

  const send = () =>
    run(async () => {
      setConfirming(false);
      if (!(await save())) return;
      try {
        onChanged(await campaignsApi.send(campaign.id));
        toast('Sending started.');
      } catch (caught) {
        setNotice({ text: errorText(caught), isError: true });
      }
    });

  const remove = () =>
    run(async () => {
      setDeleting(false);
      try {
        await campaignsApi.remove(campaign.id);
        toast('Campaign deleted.');
        onDeleted();
      } catch (caught) {
        setNotice({ text: errorText(caught), isError: true });
      }
    });

  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const setBlock = (key: number, block: CampaignBlockInput) =>
    setDraft((current) => ({
      ...current,
      blocks: current.blocks.map((b) => (b.key === key ? { key, block } : b)),
    }));
  const moveBlock = (index: number, by: -1 | 1) => {
    const key = draft.blocks[index]?.key;
    if (key !== undefined) focusAfterMove.current = `${key}-${by === -1 ? 'up' : 'down'}`;
    setDraft((current) => {
      const blocks = [...current.blocks];
      const [moved] = blocks.splice(index, 1);
      if (moved) blocks.splice(index + by, 0, moved);
      return { ...current, blocks };
    });
  };
  const removeBlock = (key: number) =>
    setDraft((current) => ({ ...current, blocks: current.blocks.filter((b) => b.key !== key) }));

  const chosenList = lists?.find((l) => l.id === draft.listId);
  const subscribed = chosenList?.subscribed ?? 0;

  return (
    <div className="campaigns__composer">
      <p role="status" className={notice?.isError ? 'notice notice--error' : 'notice'}>
        {notice?.text ?? ''}
      </p>
      <form id="campaign-form" onSubmit={onSave} className="campaigns__form">
        <Card title="Details">
          <div className="campaigns__fields">
            <TextField
              label="Campaign name"
              value={draft.name}
              required
              maxLength={200}
              error={fieldErrors.name}
              onChange={(e) => set({ name: e.target.value })}
            />
            <TextField
              label="Subject"
              value={draft.subject}
              maxLength={200}
              error={fieldErrors.subject}
              onChange={(e) => set({ subject: e.target.value })}
            />
            <TextField
              label="Preview text"
              hint="Shown after the subject in most inboxes."
              value={draft.previewText}
              maxLength={200}
              error={fieldErrors.previewText}
              onChange={(e) => set({ previewText: e.target.value })}
            />
            {lists !== null && lists.length === 0 ? (
              <p className="notice notice--error">{newsletterEditorMessages.noLists}</p>
            ) : (
              <Select
                label="Mailing list"
                value={draft.listId}
                error={fieldErrors.listId}
                onChange={(e) => set({ listId: e.target.value })}
              >
                <option value="">Choose a list…</option>
                {(lists ?? []).map((list) => (
                  <option key={list.id} value={list.id}>
                    {list.name} ({list.subscribed} subscribed)
                  </option>
                ))}
              </Select>
            )}
            <TextField
              label="Emails per minute"
              type="number"
              min={1}
              max={10000}
              hint="The pace at which the campaign goes out, to stay within your mail server's limits."
              value={draft.ratePerMinute}
              error={fieldErrors.ratePerMinute}
              onChange={(e) => set({ ratePerMinute: e.target.value })}
            />
          </div>
        </Card>

        <Card title="Content">
          {draft.blocks.length === 0 ? (
            <p className="campaigns__meta">Add blocks to write the email.</p>
          ) : (
            <ol className="campaigns__blocks">
              {draft.blocks.map(({ key, block }, index) => (
                <li key={key} className="campaigns__block">
                  <fieldset>
                    <legend>
                      Block {index + 1}: {BLOCK_LABELS[block.type]}
                    </legend>
                    <BlockFields
                      block={block}
                      index={index}
                      errors={fieldErrors}
                      onChange={(next) => setBlock(key, next)}
                    />
                    <div className="campaigns__block-actions">
                      <Button
                        size="sm"
                        disabled={index === 0}
                        data-focus-key={`${key}-up`}
                        aria-label={`Move up block ${index + 1}`}
                        onClick={() => moveBlock(index, -1)}
                      >
                        Move up
                      </Button>
                      <Button
                        size="sm"
                        disabled={index === draft.blocks.length - 1}
                        data-focus-key={`${key}-down`}
                        aria-label={`Move down block ${index + 1}`}
                        onClick={() => moveBlock(index, 1)}
                      >
                        Move down
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`Remove block ${index + 1}`}
                        onClick={() => removeBlock(key)}
                      >
                        Remove
                      </Button>
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
          )}
          <fieldset className="campaigns__add">
            <legend className="visually-hidden">Add a block</legend>
            {(['text', 'image', 'button', 'product'] as const).map((type) => (
              <Button
                key={type}
                size="sm"
                disabled={draft.blocks.length >= CAMPAIGN_MAX_BLOCKS}
                onClick={() => set({ blocks: [...draft.blocks, keyed(newBlock(type))] })}
              >
                Add {BLOCK_LABELS[type].toLowerCase()}
              </Button>
            ))}
          </fieldset>
        </Card>
        <div className="campaigns__actions">
          <Button type="submit" disabled={isWorking}>
            Save draft
          </Button>
          <Button onClick={refreshPreview} disabled={isWorking}>
            Preview email
          </Button>
          <Button
            variant="primary"
            disabled={isWorking || !draft.listId}
            onClick={() => setConfirming(true)}
          >
            Send campaign
          </Button>
          <Button variant="quiet" onClick={() => setDeleting(true)} disabled={isWorking}>
            Delete draft…
          </Button>
        </div>
      </form>

      <Card title="Send a test">
        <form onSubmit={sendTest} className="campaigns__test">
          <TextField
            label="Test email address"
            type="email"
            required
            value={testEmail}
            maxLength={254}
            error={fieldErrors.email}
            onChange={(e) => setTestEmail(e.target.value)}
          />
          <Button type="submit" disabled={isWorking}>
            Send test
          </Button>
        </form>
      </Card>

      {preview !== null ? (
        <Card title="Preview">
          <Button size="sm" onClick={() => setPreview(null)}>
            Close preview
          </Button>
          {/* Sandboxed: the email runs no script and submits nothing. It keeps the page's
              origin only so its images load: the server's Cross-Origin-Resource-Policy
              (same-origin) refuses them to the opaque origin of a bare sandbox. */}
          <iframe
            className="campaigns__preview"
            title="Email preview"
            sandbox="allow-same-origin"
            srcDoc={preview}
          />
        </Card>
      ) : null}

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="Send this campaign?"
        description={
          subscribed === 1
            ? `It goes to 1 subscribed address of ${chosenList?.name ?? 'the list'}. This cannot be undone.`
            : `It goes to ${subscribed} subscribed addresses of ${chosenList?.name ?? 'the list'}. This cannot be undone.`
        }
        confirmLabel="Send now"
        onConfirm={send}
      />
      <ConfirmDialog
        open={isDeleting}
        onOpenChange={setDeleting}
        title="Delete this draft?"
        description={`${campaign.name} is deleted. This cannot be undone.`}
        confirmLabel="Delete draft"
        onConfirm={remove}
      />
    </div>
  );
}

function BlockFields({
  block,
  index,
  errors,
  onChange,
}: {
  block: CampaignBlockInput;
  index: number;
  errors: Record<string, string>;
  onChange: (block: CampaignBlockInput) => void;
}) {
  const error = (field: string) => errors[`blocks.${index}.${field}`];
  const n = index + 1;
  switch (block.type) {
    case 'text':
      return (
        <TextArea
          label={`Text of block ${n}`}
          hint="Leave a blank line between paragraphs."
          rows={5}
          maxLength={10000}
          value={block.text}
          error={error('text')}
          onChange={(e) => onChange({ ...block, text: e.target.value })}
        />
      );
    case 'button':
      return (
        <div className="campaigns__fields">
          <TextField
            label={`Label of block ${n}`}
            value={block.label}
            maxLength={80}
            error={error('label')}
            onChange={(e) => onChange({ ...block, label: e.target.value })}
          />
          <TextField
            label={`Link of block ${n}`}
            type="url"
            placeholder="https://"
            value={block.url}
            error={error('url')}
            onChange={(e) => onChange({ ...block, url: e.target.value })}
          />
        </div>
      );
    case 'image':
      return <ImageFields block={block} n={n} error={error} onChange={onChange} />;
    case 'product':
      return <ProductField block={block} n={n} error={error('productId')} onChange={onChange} />;
  }
}

type ImageBlock = Extract<CampaignBlockInput, { type: 'image' }>;

function ImageFields({
  block,
  n,
  error,
  onChange,
}: {
  block: ImageBlock;
  n: number;
  error: (field: string) => string | undefined;
  onChange: (block: CampaignBlockInput) => void;
}) {
  const [isPicking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <div className="campaigns__fields">
      {block.mediaId ? (
        <p>
          From the library: {chosen ?? 'a chosen image'}{' '}
          <Button size="sm" variant="quiet" onClick={() => onChange({ ...block, mediaId: null })}>
            Use an address instead
          </Button>
        </p>
      ) : (
        <TextField
          label={`Image address of block ${n}`}
          type="url"
          placeholder="https://"
          value={block.url ?? ''}
          error={error('url') ?? error('mediaId')}
          onChange={(e) => onChange({ ...block, url: e.target.value })}
        />
      )}
      <div>
        <Button size="sm" onClick={() => setPicking((v) => !v)}>
          {isPicking ? 'Close the library' : 'Choose from the library'}
        </Button>
      </div>
      {isPicking ? (
        <FileManager
          chooseLabel="Use this image"
          onChoose={(media: MediaFile) => {
            setChosen(media.filename);
            setPicking(false);
            onChange({
              ...block,
              mediaId: media.id,
              url: '',
              altText: block.altText || media.altText,
            });
          }}
        />
      ) : null}
      <TextField
        label={`Alt text of block ${n}`}
        hint="Read aloud to people who cannot see the image."
        value={block.altText ?? ''}
        maxLength={300}
        error={error('altText')}
        onChange={(e) => onChange({ ...block, altText: e.target.value })}
      />
      <TextField
        label={`Image link of block ${n} (optional)`}
        type="url"
        placeholder="https://"
        value={block.linkUrl ?? ''}
        error={error('linkUrl')}
        onChange={(e) => onChange({ ...block, linkUrl: e.target.value })}
      />
    </div>
  );
}

type ProductOption = { id: string; title: string };
/** Titles of products seen in any search, so a chosen one keeps its name in the list. */
const productTitles = new Map<string, string>();

/** The product picker: a search (title or SKU, on the server) and the matches to choose. */
function ProductField({
  block,
  n,
  error,
  onChange,
}: {
  block: Extract<CampaignBlockInput, { type: 'product' }>;
  n: number;
  error: string | undefined;
  onChange: (block: CampaignBlockInput) => void;
}) {
  const [products, setProducts] = useState<ProductOption[] | null>(null);
  const [searchText, setSearchText] = useListSearch((q) => setQuery(q));
  const [query, setQuery] = useState('');
  useEffect(() => {
    let isCurrent = true;
    api
      .products({ pageSize: 50, page: 1, ...(query && { q: query }) })
      .then((page) => page.products.map((p) => ({ id: p.id, title: p.title })))
      .then(
        (found) => {
          for (const p of found) productTitles.set(p.id, p.title);
          if (isCurrent) setProducts(found);
        },
        () => isCurrent && setProducts([]),
      );
    return () => {
      isCurrent = false;
    };
  }, [query]);
  // The chosen product stays choosable whatever the search shows.
  const shown =
    block.productId && !(products ?? []).some((p) => p.id === block.productId)
      ? [
          {
            id: block.productId,
            title: productTitles.get(block.productId) ?? 'The chosen product',
          },
          ...(products ?? []),
        ]
      : (products ?? []);
  return (
    <>
      <TextField
        label={`Find a product for block ${n}`}
        type="search"
        placeholder="Title or SKU"
        autoComplete="off"
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
      />
      <Select
        label={`Product of block ${n}`}
        value={block.productId}
        error={error}
        onChange={(e) => onChange({ ...block, productId: e.target.value })}
      >
        <option value="">
          {products === null
            ? 'Loading products…'
            : products.length === 0
              ? 'No product matches'
              : 'Choose a product…'}
        </option>
        {shown.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </Select>
    </>
  );
}

function Progress({
  campaign,
  onChanged,
  reload,
}: {
  campaign: Campaign;
  onChanged: (campaign: Campaign) => void;
  reload: () => void;
}) {
  const [page, setPage] = useState<CampaignRecipientPage | null>(null);
  const [table, setTable] = useState<DataTableServerState>({
    sort: null,
    page: 1,
    pageSize: RECIPIENT_PAGE_SIZES[0],
  });
  const [status, setStatus] = useState<RecipientStatus | 'all'>('all');
  const [isCancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const busy = isBusy(campaign);
  const pageRef = useRef(table);
  pageRef.current = table;

  const loadRecipients = useCallback(() => {
    const { page: number, pageSize } = pageRef.current;
    campaignsApi
      .recipients(campaign.id, {
        status,
        page: number,
        pageSize: pageSize as (typeof RECIPIENT_PAGE_SIZES)[number],
      })
      .then(setPage)
      .catch((caught) => setError(errorText(caught)));
  }, [campaign.id, status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the page or counts move
  useEffect(loadRecipients, [loadRecipients, table, campaign.counts]);
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(reload, campaign.status === 'sending' ? POLL_MS : SLOW_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, reload, campaign.status]);

  async function resume() {
    try {
      onChanged(await campaignsApi.resume(campaign.id));
      toast('Sending resumed.');
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  async function cancel() {
    setCancelling(false);
    try {
      onChanged(await campaignsApi.cancel(campaign.id));
      toast('Sending cancelled.');
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  const columns: DataColumn<CampaignRecipient>[] = [
    {
      key: 'email',
      header: 'Email',
      isRowHeader: true,
      cell: (r) => (
        <>
          {r.email}
          {/* On a phone the time and error move under the address. */}
          <span className="campaigns__phone-only">
            {r.sentAt ? dateTime(r.sentAt) : null}
            {r.error ? ` ${r.error}` : null}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge tone={RECIPIENT_STATUS[r.status].tone}>{RECIPIENT_STATUS[r.status].label}</Badge>
      ),
    },
    {
      key: 'sentAt',
      header: 'Sent at',
      className: 'campaigns__wide-only',
      cell: (r) => dateTime(r.sentAt),
    },
    {
      key: 'error',
      header: 'Error',
      className: 'campaigns__wide-only',
      cell: (r) => r.error ?? '—',
    },
  ];

  return (
    <>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      <Card title="Progress">
        <dl className="campaigns__summary">
          <div>
            <dt>Subject</dt>
            <dd>{campaign.subject}</dd>
          </div>
          <div>
            <dt>List</dt>
            <dd>{campaign.listName ?? '—'}</dd>
          </div>
          <div>
            <dt>Started</dt>
            <dd>{dateTime(campaign.startedAt)}</dd>
          </div>
          <div>
            <dt>Finished</dt>
            <dd>{dateTime(campaign.finishedAt)}</dd>
          </div>
        </dl>
        <ProgressBar campaign={campaign} label="Sending progress" />
        {campaign.stalled ? (
          <div className="notice notice--error" role="alert">
            <p>
              Sending stopped on {dateTime(campaign.stalled.at)}: the next batch failed five times
              in a row. Addresses that have not had their turn are still waiting.
            </p>
            <p>Last error: {campaign.stalled.error || 'unknown'}</p>
          </div>
        ) : null}
        <p className="campaigns__meta" aria-live="polite">
          {campaign.stalled
            ? 'Resume to try the batch again, or cancel to skip the rest.'
            : campaign.status === 'sending'
              ? `Sending at up to ${campaign.ratePerMinute} emails a minute…`
              : campaign.status === 'sent'
                ? 'Done: every address has had its turn.'
                : 'Cancelled: addresses that had not had their turn were skipped.'}
        </p>
        {campaign.status === 'sending' ? (
          <div className="campaigns__actions">
            {campaign.stalled ? (
              <Button variant="primary" onClick={() => void resume()}>
                Resume sending
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Cancel sending
            </Button>
          </div>
        ) : null}
      </Card>
      <Card title="Recipients">
        <div className="campaigns__filter">
          <Select
            label="Show"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as RecipientStatus | 'all');
              setTable((t) => ({ ...t, page: 1 }));
            }}
          >
            <option value="all">All recipients</option>
            {(Object.keys(RECIPIENT_STATUS) as RecipientStatus[]).map((s) => (
              <option key={s} value={s}>
                {RECIPIENT_STATUS[s].label}
              </option>
            ))}
          </Select>
        </div>
        {page === null ? (
          <Skeleton lines={3} label="Loading recipients…" />
        ) : (
          <div className="campaigns__recipients">
            <DataTable
              caption="Recipients"
              isCaptionHidden
              rows={page.recipients}
              columns={columns}
              rowKey={(r) => r.subscriberId}
              rowLabel={(r) => r.email}
              pageSizes={RECIPIENT_PAGE_SIZES}
              server={{ ...table, total: page.total, onChange: setTable }}
            />
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={isCancelling}
        onOpenChange={setCancelling}
        title="Cancel sending?"
        description="Addresses that have not had their turn yet are skipped. Emails already handed to the mail server still go out."
        confirmLabel="Cancel sending"
        cancelLabel="Keep sending"
        onConfirm={cancel}
      />
    </>
  );
}
