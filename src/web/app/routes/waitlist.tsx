import { WaitlistForm } from '../../features/waitlist/components/waitlist-form';

export default function WaitlistRoute() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
      <WaitlistForm />
    </main>
  );
}
