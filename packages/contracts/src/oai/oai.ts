import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/**
 * One OAI-PMH argument as it arrives: a value, or several when the harvester repeated it. The
 * data provider answers every argument problem itself (a repeated, unknown or malformed argument
 * is an OAI-PMH `badArgument` in a 200 response), so the schema takes anything.
 */
const argument = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);

/** The OAI-PMH 2.0 arguments (protocol §3.1.1); other keys pass through to be refused as `badArgument`. */
export const oaiArgumentsSchema = z.looseObject({
  verb: argument('Identify, ListMetadataFormats, ListSets, ListIdentifiers, ListRecords or GetRecord'),
  identifier: argument('oai:<repository>:<title number>'),
  metadataPrefix: argument('oai_dc or marc21'),
  from: argument('YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC)'),
  until: argument('YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC)'),
  set: argument('biblioteca, biblioteca:<library>, tipo or tipo:<work type>'),
  resumptionToken: argument('the token of the previous part of a list'),
});

const TAG = 'Open interfaces';
const DESCRIPTION =
  'The catalogue as an OAI-PMH 2.0 data provider (https://www.openarchives.org/OAI/openarchivesprotocol.html), at a stable root path outside the API base. Answers text/xml; protocol errors (badVerb, badArgument, badResumptionToken, cannotDisseminateFormat, idDoesNotExist, noRecordsMatch …) come in a 200 OAI-PMH response, as the protocol requires.';

/**
 * `GET /oai`: the OAI-PMH data provider. Like `/health` it lives at the root, outside the API
 * base path, so it is no `<area>Endpoints` group (those are the calls the web makes).
 */
export const oaiEndpoint = endpoint({
  method: 'GET',
  path: '/oai',
  access: 'open',
  tag: TAG,
  summary: 'OAI-PMH 2.0: the six verbs, oai_dc and marc21, sets per library and work type',
  description: DESCRIPTION,
  query: oaiArgumentsSchema,
  response: z.string(),
  answer: 'file',
});

/** `POST /oai`: the same requests, the arguments as an application/x-www-form-urlencoded body (protocol §3.1.1.2). */
export const oaiFormEndpoint = endpoint({
  method: 'POST',
  path: '/oai',
  access: 'open',
  tag: TAG,
  summary: 'OAI-PMH 2.0 with the arguments in a form body',
  description: DESCRIPTION,
  consumes: ['application/x-www-form-urlencoded'],
  body: z.string().nullish().describe('verb=…&metadataPrefix=…, application/x-www-form-urlencoded'),
  response: z.string(),
  answer: 'file',
});
