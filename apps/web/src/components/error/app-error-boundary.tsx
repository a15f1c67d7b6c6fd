import { Component, type ErrorInfo, type ReactNode } from "react";
import { useLocation } from "react-router";
import { generateErrorId } from "../../lib/error-catalogue";
import { FullPageError } from "./full-page-error";

interface BoundaryProps {
  children: ReactNode;
  /** A change (navigation) clears the error and the retry counter. */
  resetKey: string;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  errorId: string;
  retryCount: number;
  resetKey: string;
}

/** The server's error id for a 500 answer, else a new one. */
function getErrorId(error: unknown): string {
  const serverId = (error as { errorId?: unknown } | null)?.errorId;
  return typeof serverId === "string" && serverId ? serverId : generateErrorId();
}

/**
 * Catches rendering errors below it and shows the full-page error screen. 'Erneut versuchen'
 * re-renders the children and counts the retry (offered below 3 retries).
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    error: null,
    hasError: false,
    errorId: "",
    retryCount: 0,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true, errorId: getErrorId(error) };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.resetKey !== state.resetKey) {
      return { error: null, hasError: false, errorId: "", retryCount: 0, resetKey: props.resetKey };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `[${this.state.errorId || "ERR"}] Unbehandelter Fehler in der Oberfläche`,
      error,
      info.componentStack,
    );
  }

  private readonly retry = (): void => {
    this.setState((state) => ({
      error: null,
      hasError: false,
      errorId: "",
      retryCount: state.retryCount + 1,
    }));
  };

  override render(): ReactNode {
    if (this.state.hasError) {
      return (
        <FullPageError
          error={this.state.error}
          errorId={this.state.errorId}
          retryCount={this.state.retryCount}
          onRetry={this.retry}
        />
      );
    }
    return this.props.children;
  }
}

/** The boundary around the app's routes; it resets when the path changes. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
