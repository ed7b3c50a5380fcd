/**
 * A file the panel saves (docs/decisions.md "Export"; spec part 3, 7): under the name it reads from
 * x-suggested-filename, never cached. The body may be a stream (exports) or bytes (PDFs).
 */
export function downloadAnswer(body: BodyInit, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Suggested-Filename': filename,
      'Cache-Control': 'no-store',
    },
  });
}

/** An export of a group's rows: CSV or JSON, named after the group and the day ('Main-group-2026-11-23.csv'). */
export function exportAnswer(body: BodyInit, format: 'CSV' | 'JSON', groupName: string, fallbackName: string, day: Date): Response {
  const base = groupName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || fallbackName;
  const filename = `${base}-${day.toISOString().slice(0, 10)}.${format === 'CSV' ? 'csv' : 'json'}`;
  return downloadAnswer(body, format === 'CSV' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8', filename);
}
