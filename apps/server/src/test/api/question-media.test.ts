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
  const png = fixture('pixel.png');

  beforeAll(async () => {
    const product = await buildProduct(t.deps.db);
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
