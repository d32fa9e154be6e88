import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { PlanProposalDialog } from './plan-proposal-dialog';

/** 'Make a plan' under a finished answer: proposes action items from it for the user to review. */
export function MakePlanButton({ chatId, messageId }: { chatId: string; messageId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs">
          <ListChecks aria-hidden /> Make a plan
        </Button>
      </DialogTrigger>
      {open ? <PlanProposalDialog answer={{ chatId, messageId }} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}
