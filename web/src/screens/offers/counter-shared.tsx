import type { ReactNode } from 'react';
import { pathOf } from '../../api.ts';
import { ErrorText, Loading, useLoad } from '../../ui/components.tsx';
import type { OfferInfo } from '../../api-types.ts';

/**
 * The offer a counteroffer answers, then the posting it is on (`postingPath` of the offer), then
 * the form. The pending screen may add ?agentID= (spec 1 section 2): the offer itself names its
 * covering agent, which is what the counteroffer must carry.
 */
export function WithOffer<P>({ offerID, postingPath, children }: { offerID: string; postingPath: (offer: OfferInfo) => string | null; children: (offer: OfferInfo, posting: P) => ReactNode }): ReactNode {
  const offer = useLoad<OfferInfo[]>(`/detailedOfferInfo${pathOf(offerID)}`);
  const first = offer.data?.[0] ?? null;
  const path = first ? postingPath(first) : null;
  const posting = useLoad<P>(path);
  if (offer.loading || posting.loading) return <Loading />;
  if (offer.error) return <ErrorText message={offer.error} />;
  if (!first || path === null) return <ErrorText message={`There is no offer ${offerID} to counter.`} />;
  if (posting.error) return <ErrorText message={posting.error} />;
  return posting.data ? children(first, posting.data) : null;
}
