// Another operator's kernel code (another category, too), staged as <stage>/tile_copy/:
// row_scale includes it as "../tile_copy/tile_copy.h".
#ifndef OP_LIBRARY_TILE_COPY_H
#define OP_LIBRARY_TILE_COPY_H
#include "../inc/platform.h"

__aicore__ inline void CopyTileIn(AscendC::LocalTensor<float> &dst, AscendC::GlobalTensor<float> &src,
                                  uint32_t n)
{
    AscendC::DataCopy(dst, src, RoundUpBlocks(n));
}
#endif
