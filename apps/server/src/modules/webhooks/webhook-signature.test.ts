import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signedHeaders, standardSignature } from './webhook-signature.ts';
import { parseEventIdCsv } from './webhooks.service.ts';

describe('webhook signatures', () => {
  it('matches the Standard Webhooks known-answer vector', () => {
    expect(
      standardSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret given, each verifiable alone by the published library', () => {
    const [a, b] = [newSigningSecret(), newSigningSecret()];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const now = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([a, b], 'msg_7', now, '{"event_id":7}');
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['selfcommunity-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of [a, b])
      expect(new Webhook(secret).verify('{"event_id":7}', { ...headers })).toEqual({ event_id: 7 });
    expect(() => new Webhook(newSigningSecret()).verify('{"event_id":7}', { ...headers })).toThrow();
  });
});

describe('bulk retry CSV', () => {
  it('reads event ids, skipping a header line, separated by lines, commas or semicolons', () => {
    expect(parseEventIdCsv(Buffer.from('event_id\n12\n13;14\r\n"15",12\n'))).toEqual([12, 13, 14, 15]);
  });
  it('refuses a file with something else than ids, or none', () => {
    expect(parseEventIdCsv(Buffer.from('12\nabc\n'))).toBeUndefined();
    expect(parseEventIdCsv(Buffer.from('event_id\n'))).toBeUndefined();
    expect(parseEventIdCsv(Buffer.from('0\n'))).toBeUndefined();
    expect(parseEventIdCsv(undefined)).toBeUndefined();
  });
});
