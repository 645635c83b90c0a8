import { Alert, Box, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';

// Pieces every support panel repeats: the loading line, the error alert, and the bordered table with its header.

/** The error alert of a failed request: the catalogue message, or the fallback. */
export function ErrorAlert({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{errorMessage(error, fallback)}</Alert.Title>
    </Alert.Root>
  );
}

/** A one-line info alert (e.g. "Job queued again."). */
export function InfoAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

/** "Loading..." while a query is pending, the error alert when it failed, nothing otherwise. */
export function QueryState({
  query,
  loading,
  errorFallback,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loading: string;
  errorFallback: string;
}) {
  return (
    <>
      {query.isPending ? <Text role="status">{loading}</Text> : null}
      {query.isError ? <ErrorAlert error={query.error} fallback={errorFallback} /> : null}
    </>
  );
}

export type Column = string | { label: string; textAlign?: 'start' | 'end' };

/** A small bordered, scrollable table: optional caption, the column headers (plus a hidden "Actions" one), the rows. */
export function SupportTable({
  caption,
  columns,
  actions,
  maxH,
  label,
  children,
}: {
  caption?: ReactNode;
  /** Names the scroll area and makes it a tab stop, for tables wide enough to scroll (axe: scrollable-region-focusable). */
  label?: string;
  columns: Column[];
  /** Add a last column headed "Actions" for screen readers only. */
  actions?: boolean;
  maxH?: string;
  children: ReactNode;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH={maxH} {...(label ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      <Table.Root size="sm">
        {caption !== undefined ? (
          <Table.Caption captionSide="top" textAlign="start" px={3} py={2}>
            {caption}
          </Table.Caption>
        ) : null}
        <Table.Header>
          <Table.Row>
            {columns.map((c) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <Table.ColumnHeader key={col.label} textAlign={col.textAlign}>
                  {col.label}
                </Table.ColumnHeader>
              );
            })}
            {actions ? (
              <Table.ColumnHeader>
                <Box srOnly>Actions</Box>
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
