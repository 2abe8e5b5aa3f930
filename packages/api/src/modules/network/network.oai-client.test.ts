import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMarcXml } from '../../marc/marcxml.js';
import { HarvestError, OaiClient, OaiError, readAnswer, retryAfterSeconds } from './network.oai-client.js';

const page = (body: string, root = '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">') =>
  `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n${root}<responseDate>2025-01-01T00:00:00Z</responseDate><request>http://x/oai</request>${body}</OAI-PMH>`;

describe('reading OAI-PMH answers', () => {
  it('keeps each MARC record as text marcxml.ts reads, whatever its namespace prefix, and Dublin Core as its elements', () => {
    const answer = readAnswer(
      page(`<ListRecords>
        <record><header><identifier>oai:x:1</identifier><datestamp>2025-01-01</datestamp></header>
          <metadata><record xmlns="http://www.loc.gov/MARC21/slim"><leader>00000nam a2200000 a 4500</leader>
            <datafield tag="245" ind1="0" ind2="0"><subfield code="a">Café &amp; açúcar</subfield></datafield></record></metadata></record>
        <record><header><identifier>oai:x:2</identifier><datestamp>2025-01-02</datestamp></header>
          <metadata><m:record xmlns:m="http://www.loc.gov/MARC21/slim"><m:leader>00000nam a2200000 a 4500</m:leader>
            <m:controlfield tag="001">2</m:controlfield></m:record></metadata>
          <about><provenance>elsewhere</provenance></about></record>
        <record><header><identifier>oai:x:3</identifier><datestamp>2025-01-03</datestamp></header>
          <metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title>  Um   título
            </dc:title><dc:subject><![CDATA[A & B]]></dc:subject><dc:creator/></oai_dc:dc></metadata></record>
        <record><header status="deleted"><identifier>oai:x:4</identifier><datestamp>2025-01-04</datestamp></header></record>
        <resumptionToken completeListSize="40" cursor="0">abc|1</resumptionToken>
      </ListRecords>`),
    );
    const list = answer.child('ListRecords')!;
    const metadata = list.children.filter((c) => c.name === 'record').map((r) => r.child('metadata')?.metadata ?? null);
    expect(metadata[0]).toMatchObject({ kind: 'marc' });
    const marc = (i: number) => {
      const m = metadata[i];
      if (m?.kind !== 'marc') throw new Error('not MARC');
      return [...readMarcXml(m.xml)];
    };
    expect(marc(0)).toMatchObject([{ kind: 'record', record: { fields: [{ tag: '245', subfields: [{ code: 'a', value: 'Café & açúcar' }] }] } }]);
    expect(marc(1)).toMatchObject([{ kind: 'record', record: { leader: '00000nam a2200000 a 4500', fields: [{ tag: '001', value: '2' }] } }]);
    expect(metadata[2]).toEqual({
      kind: 'dc',
      values: [
        { name: 'title', value: 'Um título' },
        { name: 'subject', value: 'A & B' },
      ],
    });
    expect(metadata[3]).toBeNull();
  });

  it('turns an OAI-PMH error into an OaiError with its code', () => {
    expect(() => readAnswer(page('<error code="badResumptionToken">expired, start again</error>'))).toThrow(
      new OaiError('badResumptionToken', 'expired, start again'),
    );
  });

  it('refuses text that is not well-formed OAI-PMH XML', () => {
    // A partner's answer never expands entities its DTD declares (no "billion laughs", issue 52).
    const bomb = `<?xml version="1.0"?><!DOCTYPE OAI-PMH [<!ENTITY big "${'x'.repeat(9_990)}">]><OAI-PMH><responseDate>${'&big;'.repeat(20_000)}</responseDate></OAI-PMH>`;
    expect(() => readAnswer(bomb)).toThrow(HarvestError);
    expect(() => readAnswer('<html><body>Manutenção')).toThrow(HarvestError);
    expect(() => readAnswer('<html><body>Manutenção')).toThrow(/^malformed XML/);
    expect(() => readAnswer('<?xml version="1.0"?><rss><channel/></rss>')).toThrow('not an OAI-PMH answer (root element <rss>)');
    expect(() => readAnswer('')).toThrow(HarvestError);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(null)).toBeNull();
  });
});

describe('talking to a repository', () => {
  let server: Server;
  let base = '';
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/hang') return; // never answers
      if (url.pathname === '/slow') {
        res.writeHead(503, { 'retry-after': '3600' }).end();
        return;
      }
      if (url.pathname === '/gone') {
        res.writeHead(404, { 'content-type': 'text/xml' }).end(page('<error code="noRecordsMatch"/>'));
        return;
      }
      if (url.pathname === '/down') {
        res.writeHead(500).end('internal error');
        return;
      }
      if (url.pathname === '/huge') {
        res.writeHead(200, { 'content-type': 'text/xml' }).end(page(`<ListRecords>${'<x/>'.repeat(20_000)}</ListRecords>`));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml' }).end(
        page(`<Identify><repositoryName>R</repositoryName><baseURL>${base}/oai?x=1</baseURL><protocolVersion>2.0</protocolVersion>
          <earliestDatestamp>2001-01-01T00:00:00Z</earliestDatestamp><deletedRecord>transient</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>
          <description><toolkit xmlns="http://oai.dlib.vt.edu/OAI/metadata/toolkit"><title> Estante </title></toolkit></description></Identify>`),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('asks Identify at the base URL, keeping its own query, and reads the granularity and toolkit', async () => {
    const identity = await new OaiClient(`${base}/oai?x=1`).identify();
    expect(requests.at(-1)).toBe('/oai?x=1&verb=Identify');
    expect(identity).toEqual({
      repositoryName: 'R',
      baseUrl: `${base}/oai?x=1`,
      protocolVersion: '2.0',
      granularity: 'second',
      earliestDatestamp: '2001-01-01T00:00:00Z',
      deletedRecord: 'transient',
      toolkit: 'Estante',
    });
  });

  it('gives up on a request after its timeout', async () => {
    await expect(new OaiClient(`${base}/hang`, { timeoutMs: 300 }).identify()).rejects.toThrow(`no answer within 0.3 s from ${base}`);
  });

  it('does not wait out a Retry-After longer than it accepts', async () => {
    await expect(new OaiClient(`${base}/slow`).identify()).rejects.toThrow('HTTP 503: the partner asks to come back in 3600 s');
  });

  it('reads an OAI error sent with an HTTP error status, and noRecordsMatch as an empty list', async () => {
    expect(await new OaiClient(`${base}/gone`).listRecords({ metadataPrefix: 'marc21' })).toEqual({ records: [], resumptionToken: null, completeListSize: 0 });
    await expect(new OaiClient(`${base}/down`).identify()).rejects.toThrow(`HTTP 500 from ${base}`);
  });

  it('refuses an answer larger than it reads', async () => {
    await expect(new OaiClient(`${base}/huge`, { maxBytes: 50_000 }).listRecords({ resumptionToken: 't' })).rejects.toThrow('the answer is larger than 49 kB');
  });
});
