import { TEST_PAGE_SIZE } from '@qbank/contract';
import { useQuery } from '@tanstack/react-query';
import { testListQuery } from './tests';

/** A page (0-based) of My Tests in the product, newest first. */
export const useMyTests = (productId: string, page: number) =>
  useQuery({
    ...testListQuery({ productUuid: productId, page, size: TEST_PAGE_SIZE }),
    enabled: !!productId,
  });
