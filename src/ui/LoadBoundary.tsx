import { Component, type ComponentType, lazy, type ReactNode } from 'react'

/**
 * Around a lazily loaded part that the page can do without (the toast region, the header's account menu): if
 * its code fails to download, `fallback` is shown instead of the error taking the whole page to the route's
 * error screen.
 */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch(error: unknown) {
    console.warn('A part of the page failed to load', error)
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}

/**
 * React.lazy for a part the page can do without, with what to render instead when its code fails to download (a
 * dropped connection, or the page being left mid-download: Firefox then rejects the import). The failure is a
 * console warning only: thrown to an error boundary such as LoadBoundary, React's production build also logs it as
 * a console error (its default onCaughtError), which reads as a fault of the page. LoadBoundary stays around the
 * part for errors while it renders.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ComponentType<P>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      console.warn('A part of the page failed to load', error)
      return { default: fallback }
    }),
  )
}
