/** Which of the heavy libraries below were required, in order (jest runs a mock's factory on first require). */
const mockLoaded: string[] = [];

const HEAVY_LIBRARIES = [
  'stripe',
  '@simplewebauthn/server',
  'sanitize-html',
  'pdfkit',
  'nodemailer',
  'web-push',
  'qrcode',
  '@tarikjabiri/dxf',
  'pg',
];
// In a loop, so not hoisted: each mock is registered before the tests load the app (testApp below).
for (const library of HEAVY_LIBRARIES)
  jest.mock(library, () => {
    mockLoaded.push(library);
    return jest.requireActual(library);
  });

/** The app's modules are loaded in the tests, after `mockLoaded` exists (a static import would load them first). */
const testApp = () => import('./helpers/createTestApp');

describe('heavy libraries load on first use, not with the server (ADR 068, 074)', () => {
  it('builds and starts the app on SQLite without Stripe, SimpleWebAuthn, sanitize-html, PDFKit, nodemailer, web-push, the QR and DXF writers or node-postgres', async () => {
    const { createTestApp, signIn } = await testApp();
    const app = await createTestApp({ PAYMENT_PROVIDER: 'test' });
    try {
      await signIn(app.app);
      expect(mockLoaded).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('loads sanitize-html for a signature, SimpleWebAuthn for a passkey and Stripe for a payment event', async () => {
    const { createTestApp, signIn } = await testApp();
    const app = await createTestApp();
    try {
      const admin = await signIn(app.app, { roles: ['MAPUSER', 'ADMIN'] });
      const saved = await app.app.inject({
        method: 'POST',
        url: '/v1/secure/preferences/email-signature',
        headers: admin.headers,
        payload: { emailSignature: '<p>Anna <script>alert(1)</script><strong>Muster</strong></p>' },
      });
      expect(saved.json()).toMatchObject({ emailSignature: '<p>Anna <strong>Muster</strong></p>' });
      expect(mockLoaded).toEqual(['sanitize-html']);
      const options = await app.app.inject({
        method: 'POST',
        url: '/api/user/two-factor/passkeys/options',
        headers: { authorization: `Bearer ${admin.ssoToken}` },
      });
      expect(options.json()).toMatchObject({ challenge: expect.any(String) });
      expect(mockLoaded).toEqual(['sanitize-html', '@simplewebauthn/server']);
      // A payment event's signature is checked with Stripe's verifier, whichever provider takes the payments.
      const forged = await app.app.inject({
        method: 'POST',
        url: '/v1/secure/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
        payload: '{}',
      });
      expect(forged.statusCode).toBe(400);
      expect(mockLoaded).toEqual(['sanitize-html', '@simplewebauthn/server', 'stripe']);
    } finally {
      await app.close();
    }
  });

  it('loads nodemailer with the first mail and the QR encoder with the first authenticator enrolment', async () => {
    const { createTestApp, signIn } = await testApp();
    const app = await createTestApp();
    try {
      const mailed = await app.app.inject({
        method: 'POST',
        url: '/api/user/email-verification',
        payload: { email: 'first-mail@example.ch' },
      });
      expect(mailed.statusCode).toBe(200);
      expect(mockLoaded).toContain('nodemailer');
      expect(mockLoaded).not.toContain('qrcode');
      const user = await signIn(app.app);
      const enrolment = await app.app.inject({
        method: 'POST',
        url: '/api/user/two-factor/totp/start',
        payload: {},
        headers: { authorization: `Bearer ${user.ssoToken}` },
      });
      expect(enrolment.json()).toMatchObject({ qrCode: expect.stringMatching(/^data:image\/png;base64,/) });
      expect(mockLoaded).toContain('qrcode');
    } finally {
      await app.close();
    }
  });
});
