import { Component, type ReactNode } from 'react'

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
