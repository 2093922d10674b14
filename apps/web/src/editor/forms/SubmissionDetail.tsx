import type { FormInboxForm, FormSubmission } from '@atelier/contract';
import { dateTimeFormat } from '../orders/order-labels.ts';
import { Button, Dialog } from '../ui/index.ts';
import { AnswerText, answeredFields } from './submission-values.tsx';

/**
 * One submission in full (issue 20): every field's label and answer, the page it was sent
 * from and when. A dialog, so focus goes in, Escape closes it and focus returns to the row.
 */
export function SubmissionDetail({
  form,
  submission,
  isBusy,
  onClose,
  onMarkUnread,
  onDelete,
}: {
  form: FormInboxForm;
  submission: FormSubmission | null;
  isBusy: boolean;
  onClose: () => void;
  onMarkUnread: (submission: FormSubmission) => void;
  onDelete: (submission: FormSubmission) => void;
}) {
  const sentAt = submission ? new Date(submission.createdAt) : null;
  return (
    <Dialog
      open={submission !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="wide"
      className="form-inbox__detail"
      title={sentAt ? `Submission of ${dateTimeFormat.format(sentAt)}` : 'Submission'}
      description={form.name}
      footer={
        submission ? (
          <>
            <Button variant="danger" disabled={isBusy} onClick={() => onDelete(submission)}>
              Delete…
            </Button>
            <Button disabled={isBusy} onClick={() => onMarkUnread(submission)}>
              Mark unread
            </Button>
            <Button variant="primary" onClick={onClose}>
              Done
            </Button>
          </>
        ) : null
      }
    >
      {submission && sentAt ? (
        <dl className="form-inbox__fields">
          {answeredFields(form.fields, submission.values).map((field) => (
            <div key={field.id} className="form-inbox__field">
              <dt>{field.label}</dt>
              <dd>
                <AnswerText field={field} value={submission.values[field.id]} />
              </dd>
            </div>
          ))}
          <div className="form-inbox__field form-inbox__field--meta">
            <dt>Page</dt>
            <dd>
              {submission.pageTitle ? <span>{submission.pageTitle} </span> : null}
              {submission.pagePath ? (
                <code className="form-inbox__path">{submission.pagePath}</code>
              ) : submission.pageTitle ? null : (
                <span className="form-inbox__none">Not recorded</span>
              )}
            </dd>
          </div>
          <div className="form-inbox__field form-inbox__field--meta">
            <dt>Submitted</dt>
            <dd>
              <time dateTime={sentAt.toISOString()}>{dateTimeFormat.format(sentAt)}</time>
            </dd>
          </div>
        </dl>
      ) : null}
    </Dialog>
  );
}
