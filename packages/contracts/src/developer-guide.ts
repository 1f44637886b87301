/**
 * The code shown in the Developer Tools guide. The verification snippets implement the Standard
 * Webhooks scheme Sanad signs with; developer-guide.test.ts runs both against signed messages.
 */
export function curlSnippet(origin: string): string {
  return `curl ${origin}/api/v1/customers?limit=25 \\
  -H "Authorization: Bearer $SANAD_API_KEY"
# the next page: pass the answer's "next" as cursor
curl "${origin}/api/v1/customers?limit=25&cursor=<next>" \\
  -H "Authorization: Bearer $SANAD_API_KEY"

curl ${origin}/api/v1/customers/<customer id> \\
  -H "Authorization: Bearer $SANAD_API_KEY"

# create a customer; a retry with the same Idempotency-Key creates nothing new
curl -X POST ${origin}/api/v1/customers \\
  -H "Authorization: Bearer $SANAD_API_KEY" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d @customer.json`;
}

export const NODE_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the webhook's signing secret (whsec_...); rawBody: the request body as received, unparsed.
export function verifySanadWebhook(secret, headers, rawBody) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false; // replayed or late
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${rawBody}\`).digest();
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

export const PYTHON_VERIFY_SNIPPET = `import base64, hashlib, hmac, time

# secret: the webhook's signing secret (whsec_...); raw_body: the request body bytes, unparsed.
def verify_sanad_webhook(secret: str, headers: dict, raw_body: bytes) -> bool:
    msg_id = headers["webhook-id"]
    timestamp = headers["webhook-timestamp"]
    if abs(time.time() - int(timestamp)) > 5 * 60:  # replayed or late
        return False
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{timestamp}.".encode() + raw_body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        version == "v1" and hmac.compare_digest(signature, expected)
        for version, _, signature in (entry.partition(",") for entry in headers["webhook-signature"].split(" "))
    )`;
