import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * The signing secret of the built-in test checkout's webhook events, kept under DATA_DIR (like the JWT
 * secret) so it survives restarts and is never sent to a browser.
 */
export function testWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'payment-webhook-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = `whsec_${crypto.randomBytes(32).toString('base64url')}`;
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
