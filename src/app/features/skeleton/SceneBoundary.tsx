import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode; onFailed?: () => void };

/**
 * If the 3D scene cannot start (its code failed to load offline, or WebGL refused a context), the viewer shows why
 * instead of an empty canvas. Error boundaries can only be class components.
 */
export class SceneBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailed?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
