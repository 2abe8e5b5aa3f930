import { useParams } from 'react-router';
import { NotFoundRoute } from './not-found';
import { ScreenRoute } from './screen';

/** `/autoridade/:codAutoridade` and its `/marc` tab. */
export function AuthorityRoute({ marc = false }: { marc?: boolean }) {
  const { codAutoridade = '' } = useParams();
  if (!/^\d{1,9}$/.test(codAutoridade)) return <NotFoundRoute />;
  return <ScreenRoute titleKey={marc ? 'screens.authorityMarc' : 'screens.authority'} values={{ id: codAutoridade }} />;
}
