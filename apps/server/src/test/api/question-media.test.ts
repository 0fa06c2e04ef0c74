import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaService } from '../../modules/media/service';
import { makeActor } from '../../policies';
import type { TestClient } from '../client';
import { buildProduct, multipart, questionBody, signedIn } from '../factories';
import { appForFile, createTestApp } from '../test-app';

const t = appForFile(() => createTestApp());

const fixture = (name: string) =>
  new Uint8Array(fs.readFileSync(path.join(__dirname, '../../lib/__fixtures__', name)));

describe('question media', () => {
  let writer: TestClient;
  let outsider: TestClient;
  let writerId: string;
  let questionId: string;
  let productId: string;
  const png = fixture('pixel.png');

  beforeAll(async () => {
    const product = await buildProduct(t.deps.db);
    productId = product.id;
    const w = await signedIn(t, {
      product: product.id,
      subscription: { type: 'PRIVILEGED', student: false, questionWriter: true },
    });
    writer = w;
    writerId = w.user.id;
    outsider = await signedIn(t);
    const question = questionBody(product.id);
    questionId = question.uuid;
    const created = await writer.req({ method: 'POST', url: '/api/v2/questions', json: question });
    expect(created.status).toBe(200);
  });

  /** A caller as the services see them: a superuser, or someone with no roles anywhere. */
  const actorOf = (superuser: boolean) =>
    makeActor(
      { userId: superuser ? writerId : randomUUID(), superuser, sessionIdHash: 'x', accessToken: 'x' },
      async () => new Map(),
    );

  /** Stores a file for a save to name (POST products/{id}/mediaFiles). */
  const store = (c: TestClient, bytes: Uint8Array, name = 'valve.png') =>
    c.req({
      method: 'POST',
      url: `/api/v2/products/${productId}/mediaFiles`,
      ...multipart(name, bytes, 'media', 'image/png'),
    });

  it('one save of a new question with an image is one version; so is a save that drops it and submits', async () => {
    const stored = await store(writer, png);
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({ contentType: 'image/png', url: `/api/v2/media/${stored.body.hash}` });
    // Storing adds nothing anywhere; anyone but the product's staff is refused before the bytes are read.
    expect((await store(outsider, png)).status).toBe(403);

    const imageId = randomUUID();
    const body = questionBody(productId, {
      media: { stem: [{ uuid: imageId, hash: stored.body.hash }], explanation: [] },
    });
    const created = await writer.req({ method: 'POST', url: '/api/v2/questions', json: body });
    expect(created.status).toBe(200);
    expect(created.body.version).toBe(1);
    const read = await writer.req({ url: `/api/v2/questions/${body.uuid}` });
    expect(read.body.stemMediaUrls).toEqual([
      { uuid: imageId, url: stored.body.url, hash: stored.body.hash, contentType: 'image/png' },
    ]);
    const versions = await writer.req({ url: `/api/v2/questions/${body.uuid}/versions` });
    expect(versions.body.map((v: { note: string }) => v.note)).toEqual(['Created']);

    // A save that drops the image and submits, with a correct answer: one version, without it.
    const submitted = await writer.req({
      method: 'PUT',
      url: `/api/v2/questions/${body.uuid}`,
      json: {
        ...body,
        status: 'SUBMITTED',
        correctAnswerChoice: body.answerChoices[0]!.uuid,
        baseVersion: 1,
        media: { stem: [], explanation: [] },
      },
    });
    expect(submitted.body).toEqual({ uuid: body.uuid, version: 2 });
    const after = await writer.req({ url: `/api/v2/questions/${body.uuid}` });
    expect(after.body.stemMediaUrls).toEqual([]);
    const notes = await writer.req({ url: `/api/v2/questions/${body.uuid}/versions` });
    expect(notes.body.map((v: { note: string }) => v.note)).toEqual(['Draft → Submitted', 'Created']);
    // Version 1 still has its image (versions are never changed).
    const v1 = await writer.req({ url: `/api/v2/questions/${body.uuid}/versions/1` });
    expect(v1.body.stemMediaUrls).toHaveLength(1);
  });

  it('refuses a save naming a file never stored, and writes nothing', async () => {
    const body = questionBody(productId, {
      media: { stem: [], explanation: [{ uuid: randomUUID(), hash: 'a'.repeat(64) }] },
    });
    const refused = await writer.req({ method: 'POST', url: '/api/v2/questions', json: body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'media' });
    expect((await writer.req({ url: `/api/v2/questions/${body.uuid}` })).status).toBe(404);
  });

  it('20 saves with media at once: each its own version with exactly its media; over one base, one wins', async () => {
    const stored = await store(writer, png);
    const body = questionBody(productId);
    await writer.req({ method: 'POST', url: '/api/v2/questions', json: body });
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writer.req({
          method: 'PUT',
          url: `/api/v2/questions/${body.uuid}`,
          json: {
            ...body,
            name: `save ${i}`,
            media: {
              stem: Array.from({ length: (i % 3) + 1 }, () => ({
                uuid: randomUUID(),
                hash: stored.body.hash,
              })),
              explanation: [],
            },
          },
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(saves.map((r) => r.body.version)).size).toBe(20);
    for (const [i, r] of saves.entries()) {
      const v = await writer.req({ url: `/api/v2/questions/${body.uuid}/versions/${r.body.version}` });
      expect(v.body.name).toBe(`save ${i}`);
      expect(v.body.stemMediaUrls).toHaveLength((i % 3) + 1);
    }
    // The same 20 over one base version: one is saved, the others are told someone saved first.
    const base = (await writer.req({ url: `/api/v2/questions/${body.uuid}` })).body.version;
    const raced = await Promise.all(
      Array.from({ length: 20 }, () =>
        writer.req({
          method: 'PUT',
          url: `/api/v2/questions/${body.uuid}`,
          json: { ...body, baseVersion: base, media: { stem: [], explanation: [] } },
        }),
      ),
    );
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    expect(raced.filter((r) => r.status === 409)).toHaveLength(19);
    const versions = await writer.req({ url: `/api/v2/questions/${body.uuid}/versions` });
    expect(versions.body).toHaveLength(22);
  });

  it('refuses what is not an image or video by its bytes, whatever it is called', async () => {
    const svc = mediaService(t.deps);
    const su = actorOf(true);
    const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
    await expect(svc.attach(su, questionId, 'STEM', html)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'media',
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await expect(svc.attach(su, questionId, 'STEM', svg)).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    await expect(svc.attach(su, questionId, 'STEM', new Uint8Array())).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    // Someone who may not edit the question is refused before the bytes are looked at.
    await expect(svc.attach(actorOf(false), questionId, 'STEM', png)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('uploads over HTTP: recognised by bytes, never by name or declared type; sizes and roles checked', async () => {
    const send = (
      c: TestClient,
      name: string,
      bytes: Uint8Array | string,
      type = 'image/png',
      mediaType = 'STEM',
    ) =>
      c.req({
        method: 'POST',
        url: `/api/v2/questionMedia/${questionId}?mediaType=${mediaType}&async=false`,
        ...multipart(name, bytes, 'media', type),
      });
    // A PNG called clip.mp4 is a PNG.
    const renamed = await send(writer, 'clip.mp4', png, 'video/mp4');
    expect(renamed.status).toBe(201);
    expect(renamed.body).toMatchObject({ contentType: 'image/png' });
    const video = await send(writer, 'clip.webm', fixture('clip.webm'), 'video/webm', 'EXPLANATION');
    expect(video.body).toMatchObject({ contentType: 'video/webm' });
    const empty = await send(writer, 'empty.png', new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'media' });
    const html = await send(
      writer,
      'x.png',
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
    );
    expect(html.status).toBe(415);
    expect(html.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'media' });
    const svg = await send(
      writer,
      'x.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    expect(svg.status).toBe(415);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(png);
    const tooBig = await send(writer, 'big.png', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'media' });
    const badType = await send(writer, 'x.png', png, 'image/png', 'SIDEBAR');
    expect(badType.body).toMatchObject({ field: 'mediaType' });
    expect((await send(outsider, 'x.png', png)).status).toBe(404);
    // Each accepted upload is a version: created, two uploads.
    expect((await writer.req({ url: `/api/v2/questions/${questionId}` })).body.version).toBe(3);
  });

  it('adds an image in a new version, serves it with its type and ranges, removes it in another', async () => {
    const svc = mediaService(t.deps);
    const su = actorOf(true);
    const before = (await writer.req({ url: `/api/v2/questions/${questionId}` })).body;
    const base: number = before.version;
    const item = await svc.attach(su, questionId, 'STEM', png);
    expect(item).toMatchObject({ contentType: 'image/png', url: `/api/v2/media/${item.hash}` });
    // The same bytes again are stored once.
    const again = await svc.attach(su, questionId, 'EXPLANATION', png);
    expect(again.hash).toBe(item.hash);

    const q = (await writer.req({ url: `/api/v2/questions/${questionId}` })).body;
    expect(q.version).toBe(base + 2);
    expect(q.stemMediaUrls).toEqual([...before.stemMediaUrls, item]);
    expect(q.explanationMediaUrls).toEqual([...before.explanationMediaUrls, again]);

    const file = await writer.req({ url: item.url });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.equals(Buffer.from(png))).toBe(true);
    const part = await writer.req({ url: item.url, headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${png.length}`);
    expect(part.bytes.equals(Buffer.from(png.subarray(0, 10)))).toBe(true);
    const beyond = await writer.req({ url: item.url, headers: { range: `bytes=${png.length}-` } });
    expect(beyond.status).toBe(416);
    expect((await t.client().req({ url: item.url })).status).toBe(401);
    expect((await writer.req({ url: `/api/v2/media/${'0'.repeat(64)}` })).status).toBe(404);

    const del = await writer.req({
      method: 'DELETE',
      url: `/api/v2/questionMedia/${questionId}/delete/${item.uuid}?mediaType=STEM`,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ uuid: questionId, version: base + 3 });
    expect((await writer.req({ url: `/api/v2/questions/${questionId}` })).body.stemMediaUrls).toEqual(
      before.stemMediaUrls,
    );
    const denied = await outsider.req({
      method: 'DELETE',
      url: `/api/v2/questionMedia/${questionId}/delete/${again.uuid}`,
    });
    expect(denied.status).toBe(404);

    // Restoring the version that had it brings the image back, with the same media id.
    const restored = await writer.req({
      method: 'POST',
      url: `/api/v2/questions/${questionId}/versions/${base + 2}/restore`,
    });
    expect(restored.status).toBe(200);
    expect((await writer.req({ url: `/api/v2/questions/${questionId}` })).body.stemMediaUrls).toEqual([
      ...before.stemMediaUrls,
      item,
    ]);
  });
});
