// A service's origin (scheme://host[:port], as the URL standard normalises it): the key under which push records and
// stored tokens are kept, so nothing meant for one service is used with another.
import { SettingsError } from './errors.js';

/** `https://ACME.example.com:443/api/` → `https://acme.example.com`; only http and https URLs have one. */
export function serviceOrigin(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new SettingsError(`"${baseUrl}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SettingsError(`"${url.protocol}" URLs are not services: use http or https`);
  return url.origin;
}
