export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M12 10l10 6-10 6z" fill="#fff" />
      </svg>
      <span className="text-lg tracking-tight">Vidvisor</span>
    </span>
  );
}
