import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/test-utils';
import { canCreateChallenge, verifyChallenge } from './challenges-api';

describe('challenges api', () => {
  it('checks in as MANUAL JSON without a photo', async () => {
    const fetchMock = stubFetch({ 'POST /challenges/verify': { body: { challenge: { id: 'c1' }, data: { isSuccessful: true, winningsAmount: 0 } } } });
    await verifyChallenge({ challengeId: 'c1', verificationMethod: 'MANUAL' });
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(String(init?.body))).toEqual({ challengeId: 'c1', verificationMethod: 'MANUAL' });
  });

  it('checks in as PHOTO multipart with the selfie under `photo`', async () => {
    const fetchMock = stubFetch({ 'POST /challenges/verify': { body: { challenge: { id: 'c1' } } } });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    await verifyChallenge({ challengeId: 'c1', verificationMethod: 'PHOTO', photo });
    const [, init] = fetchMock.mock.calls[0];
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('challengeId')).toBe('c1');
    expect(body.get('verificationMethod')).toBe('PHOTO');
    expect((body.get('photo') as File).name).toBe('me.jpg');
    // The browser sets the multipart boundary itself.
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('can-create answers false when the call fails (SPEC.md section 8)', async () => {
    stubFetch({ 'GET /challenges/can-create': { status: 500, body: { error: 'boom' } } });
    expect(await canCreateChallenge('2026-11-24')).toEqual({ canCreate: false });
  });
});
