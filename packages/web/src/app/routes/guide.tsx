import { useParams } from 'react-router';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { NotFoundRoute } from './not-found';
import { ScreenRoute } from './screen';

/** `/:guia`: one search guide per path segment; a segment that is no guide is not found. */
export function GuideRoute() {
  const { guia } = useParams();
  const guide = useGuiasPesquisa().find((g) => g.rota === guia);
  if (!guide) return <NotFoundRoute />;
  return <ScreenRoute titleKey={`guides.${guide.codigo}`} />;
}
