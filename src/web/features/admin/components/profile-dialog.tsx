import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { type UserProfile, useUserProfile } from '../api/get-user-profile';
import { useErrorToast } from './use-error-toast';

const FIELDS: [label: string, value: (p: UserProfile) => string][] = [
  ['First name', (p) => p.firstName],
  ['Last name', (p) => p.lastName],
  ['Email', (p) => p.email],
  ['Business name', (p) => p.businessName],
  ['Industry', (p) => p.industry],
  ['Products and services', (p) => p.productsServices],
  ['Elevator pitch', (p) => p.elevatorPitch],
  ['Demographics', (p) => p.targetMarket.demographics],
  ['Psychographics', (p) => p.targetMarket.psychographics],
  ['Problems addressed', (p) => p.problemsAddressed],
  ['Unique selling proposition', (p) => p.usp],
  ['Short-term goals (6-12 months)', (p) => p.businessGoals.shortTerm],
  ['Long-term goals (1-5 years)', (p) => p.businessGoals.longTerm],
  ['Current challenges', (p) => p.currentChallenges],
  ['Additional details', (p) => p.additionalDetails],
];

/** 'Business Profile': the user's profile, read-only. */
export function ProfileDialog({
  userId,
  open,
  onOpenChange,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const profile = useUserProfile(userId, { enabled: open });
  useErrorToast(profile.isError, ADMIN_MESSAGES.profileFailed);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Business Profile</DialogTitle>
        </DialogHeader>
        {profile.isPending ? (
          <Spinner label="Loading business profile" className="text-primary" />
        ) : profile.isError ? (
          <Alert tone="danger">{ADMIN_MESSAGES.profileFailed}</Alert>
        ) : (
          <dl className="grid gap-3 sm:grid-cols-[12rem_1fr]">
            {FIELDS.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
                <dd className="whitespace-pre-wrap break-words text-sm">{value(profile.data) || '—'}</dd>
              </div>
            ))}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
