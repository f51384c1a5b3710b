import type { ReactNode } from 'react';
import { ErrorText, Loading } from '../../ui/components.tsx';
import type { OfferInfo } from '../../api-types.ts';
import { read, useRead, type Read } from '../../queries.ts';

/**
 * The offer a counteroffer answers, then the posting it is on (`postingRead` of the offer), then
 * the form. The pending screen may add ?agentID= (spec 1 section 2): the offer itself names its
 * covering agent, which is what the counteroffer must carry.
 */
export function WithOffer<P>({ offerID, postingRead, children }: { offerID: string; postingRead: (offer: OfferInfo) => Read<P> | null; children: (offer: OfferInfo, posting: P) => ReactNode }): ReactNode {
  const offer = useRead(read('detailedOfferInfo', offerID));
  const first = offer.data?.[0] ?? null;
  const query = first ? postingRead(first) : null;
  const posting = useRead(query);
  if (offer.loading || posting.loading) return <Loading />;
  if (offer.error) return <ErrorText message={offer.error} />;
  if (!first || query === null) return <ErrorText message={`There is no offer ${offerID} to counter.`} />;
  if (posting.error) return <ErrorText message={posting.error} />;
  return posting.data ? children(first, posting.data) : null;
}
