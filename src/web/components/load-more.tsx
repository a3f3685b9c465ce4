import { forwardRef } from 'react';

/**
 * The button under a list that reads its next page, busy while it reads (the OG list also reads
 * it on its own when the button scrolls near: its ref is the box the list watches).
 */
export const LoadMore = forwardRef<
  HTMLDivElement,
  { loading: boolean; onLoadMore: () => void; label: string; loadingLabel: string }
>(function LoadMore({ loading, onLoadMore, label, loadingLabel }, ref) {
  return (
    <div ref={ref} className="load-more">
      <button
        type="button"
        className="button button-secondary"
        disabled={loading}
        aria-busy={loading || undefined}
        onClick={onLoadMore}
      >
        {loading ? loadingLabel : label}
      </button>
    </div>
  );
});
