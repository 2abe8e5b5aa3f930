import { alertsEndpoints, interestEndpoints } from '@estante/contracts/interest';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import {
  addAreas,
  addSerials,
  addWorkTypes,
  alerts,
  areas,
  auxiliary,
  changeAreaValidity,
  changeFrequency,
  changeSerial,
  changeWorkType,
  lookup,
  lookupSerials,
  readAlert,
  removeAlert,
  removeArea,
  removeSerial,
  removeWorkType,
  serials,
  titles,
  workTypes,
} from './interest.service.js';

/** The interest profile and its alerts (spec §7 "Interest profile", "Requests" alerts). */
export const interestRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, interestEndpoints.info, (request) => auxiliary(db, request.patron.codPessoa, request.language));
  route(app, interestEndpoints.lookup, (request) => lookup(db, request.query.tipoPesquisa, request.query.termoPesquisa));
  route(app, interestEndpoints.addAreas, (request) => addAreas(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.areas, (request) => areas(db, request.patron.codPessoa));
  route(app, interestEndpoints.removeArea, (request) => removeArea(db, request.patron.codPessoa, request.query.codigo, request.query.tipoDSI));
  route(app, interestEndpoints.areaValidity, (request) => changeAreaValidity(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.addWorkTypes, (request) => addWorkTypes(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.workTypes, (request) => workTypes(db, request.patron.codPessoa));
  route(app, interestEndpoints.changeWorkType, (request) => changeWorkType(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.removeWorkType, (request) => removeWorkType(db, request.patron.codPessoa, request.query.codigo));
  route(app, interestEndpoints.serialLookup, (request) => lookupSerials(db, request.query.termoPesquisa, request.query.bibliotecas));
  route(app, interestEndpoints.addSerials, (request) => addSerials(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.serials, (request) => serials(db, request.patron.codPessoa));
  route(app, interestEndpoints.changeSerial, (request) => changeSerial(db, request.patron.codPessoa, request.body));
  route(app, interestEndpoints.removeSerial, (request) => removeSerial(db, request.patron.codPessoa, request.query.codigo));
  route(app, interestEndpoints.frequency, (request) => changeFrequency(db, request.patron.codPessoa, request.body.frequencia));
  route(app, interestEndpoints.titles, (request) => titles(db, request.patron.codPessoa, request.query));
  route(app, alertsEndpoints.list, (request) => alerts(db, request.patron.codPessoa, request.query));
  route(app, alertsEndpoints.read, (request) => readAlert(db, request.patron.codPessoa, request.params.id));
  route(app, alertsEndpoints.remove, (request) => removeAlert(db, request.patron.codPessoa, request.params.id));
};
