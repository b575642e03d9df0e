// Message templates: `{{name}}` placeholders filled from a report's data; a missing value stays visible as `{{name}}`.
export function fillTemplate(template: string, data: Readonly<Record<string, string | number>> | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}
