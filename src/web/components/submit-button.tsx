/** A form's main action: disabled, and saying so, while its request is in flight. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      className="button button-primary button-block"
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}
