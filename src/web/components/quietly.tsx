import { Component, type ReactNode } from 'react';

/**
 * Nothing instead of a part that failed (its code did not download, or it threw): the page
 * around it stays as it is rather than failing in turn. For parts a page can do without: the
 * offline page's saved visits, the OG list's 「あなたへのおすすめ」.
 */
export class Quietly extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
