import { useId, useState } from 'react';
import { toast } from 'sonner';
import { EARLIEST_DUE_DATE, PLAN_LIMITS } from '../../../../shared/schemas/plan';
import { USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../../../shared/usage';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { useAddPlanItems } from '../api/add-plan-items';
import { type PlanProposal, usePlanProposal } from '../api/propose-plan';
import { draftProblems, hasProblems, type ProposalDraft, toDrafts, toNewItems } from '../proposal-review';
import { MomentLink } from './moment-link';

/** The review of a proposal: untick, edit titles and due dates, then Add to my plan. */
export function PlanProposalDialog({
  answer,
  onDone,
}: {
  answer: { chatId: string; messageId: string };
  onDone: () => void;
}) {
  const proposal = usePlanProposal(answer);
  return (
    <DialogContent className="max-w-2xl">
      <DialogHeader>
        <DialogTitle>Make a plan</DialogTitle>
        <DialogDescription>
          Steps drawn from this answer. Untick what you will not do, adjust titles and due dates, then add
          them to My Plan.
        </DialogDescription>
      </DialogHeader>
      {proposal.isPending ? (
        <p className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" decorative /> Drafting action items from this answer...
        </p>
      ) : proposal.isError ? (
        <ProposalError
          error={proposal.error}
          retrying={proposal.isFetching}
          onRetry={() => proposal.refetch()}
        />
      ) : proposal.data.items.length === 0 ? (
        <>
          <Alert tone="info">
            This answer has no concrete steps to turn into a plan. Ask for next steps, or add an item by hand
            on{' '}
            <AppLink to={paths.plan.href()} className="font-medium underline">
              My Plan
            </AppLink>
            .
          </Alert>
          <DialogFooter>
            <Button variant="outline" onClick={onDone}>
              Close
            </Button>
          </DialogFooter>
        </>
      ) : (
        <ProposalReview proposal={proposal.data} onDone={onDone} />
      )}
    </DialogContent>
  );
}

function ProposalError({
  error,
  retrying,
  onRetry,
}: {
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (isApiError(error, 'usage_limit_exceeded'))
    return <Alert tone="warning">{USAGE_LIMIT_EXCEEDED_MESSAGE}</Alert>;
  return (
    <Alert tone="danger" className="grid gap-3">
      <p>Could not draft a plan: {error.message}</p>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={retrying}
        onClick={onRetry}
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </Alert>
  );
}

function ProposalReview({ proposal, onDone }: { proposal: PlanProposal; onDone: () => void }) {
  const [drafts, setDrafts] = useState(() => toDrafts(proposal.items));
  const add = useAddPlanItems();
  const kept = drafts.filter((draft) => draft.keep).length;
  const change = (key: number, changes: Partial<ProposalDraft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...changes } : draft)));
  const submit = () =>
    add.mutate(
      { messageId: proposal.messageId, items: toNewItems(drafts) },
      {
        onSuccess: (items) => {
          toast.success(`${items.length === 1 ? '1 item' : `${items.length} items`} in My Plan`, {
            description: (
              <AppLink to={paths.plan.href()} className="font-medium underline">
                Open My Plan
              </AppLink>
            ),
          });
          onDone();
        },
      },
    );
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ol aria-label="Proposed items" className="grid gap-3">
        {drafts.map((draft, index) => (
          <DraftRow
            key={draft.key}
            draft={draft}
            number={index + 1}
            onChange={(changes) => change(draft.key, changes)}
          />
        ))}
      </ol>
      {add.isError ? <Alert tone="danger">{add.error.message}</Alert> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={kept === 0 || hasProblems(drafts) || add.isPending}>
          {add.isPending ? 'Adding...' : 'Add to my plan'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function DraftRow({
  draft,
  number,
  onChange,
}: {
  draft: ProposalDraft;
  number: number;
  onChange: (changes: Partial<ProposalDraft>) => void;
}) {
  const keepId = useId();
  const problems = draftProblems(draft);
  return (
    <li
      className="grid gap-3 rounded-lg border bg-background p-3 data-[kept=false]:opacity-60"
      data-kept={draft.keep}
    >
      <div className="flex items-center gap-2">
        <input
          id={keepId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={draft.keep}
          onChange={(event) => onChange({ keep: event.target.checked })}
        />
        <label htmlFor={keepId} className="text-sm font-medium">
          Keep item {number}
        </label>
      </div>
      <Field label="Title" error={problems.title}>
        {(props) => (
          <Input
            {...props}
            value={draft.title}
            maxLength={PLAN_LIMITS.title}
            disabled={!draft.keep}
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </Field>
      {draft.why ? <p className="text-sm text-muted-foreground">{draft.why}</p> : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full sm:w-48">
          <Field label="Due date" error={problems.dueDate}>
            {(props) => (
              <Input
                {...props}
                type="date"
                min={EARLIEST_DUE_DATE}
                value={draft.dueDate}
                disabled={!draft.keep}
                onChange={(event) => onChange({ dueDate: event.target.value })}
              />
            )}
          </Field>
        </div>
        {draft.moment ? <MomentLink moment={draft.moment} chatId={null} /> : null}
      </div>
    </li>
  );
}
