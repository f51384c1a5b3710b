import type { ReactNode } from 'react';
import { DataTable, ErrorText, Loading, Page } from '../ui/components.tsx';
import { read, useRead } from '../queries.ts';

export function ReleaseNotesScreen(): ReactNode {
  const { data, error, loading } = useRead(read('releaseNotes'));
  return (
    <Page title="Release Notes">
      {loading && !data && <Loading />}
      {error && <ErrorText message={error} />}
      {data && (
        <DataTable
          caption="Releases, newest first"
          rows={[...data].sort((a, b) => b.version - a.version)}
          rowKey={(r) => r.id}
          empty="No release notes."
          columns={[
            { header: 'Date', cell: (r) => r.date },
            { header: 'Version', cell: (r) => r.version },
            { header: 'Update Details', cell: (r) => r.notes },
          ]}
        />
      )}
    </Page>
  );
}
