/*
 * CPUID and XGETBV: an instruction set is usable only if the CPU has it and
 * the operating system saves its registers on context switches.
 */
#include "lk_cpu.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

static uint64_t xgetbv0(void) {
    uint32_t eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

uint32_t lk_cpu_features(void) {
    uint32_t features = LK_CPU_SSE2;
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return features;
    const int osxsave = (ecx >> 27) & 1, avx = (ecx >> 28) & 1, fma = (ecx >> 12) & 1;
    if (!osxsave || !avx) return features;
    const uint64_t xcr0 = xgetbv0();
    const int ymm_state = (xcr0 & 0x6) == 0x6;     /* SSE and AVX state */
    const int zmm_state = (xcr0 & 0xe6) == 0xe6;   /* plus opmask and ZMM state */
    if (__get_cpuid_max(0, 0) < 7) return features;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    const int avx2 = (ebx >> 5) & 1, bmi1 = (ebx >> 3) & 1, bmi2 = (ebx >> 8) & 1;
    if (ymm_state && avx2 && fma && bmi1 && bmi2) features |= LK_CPU_AVX2;
    const uint32_t avx512_bits = (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31);
    if ((features & LK_CPU_AVX2) && zmm_state && (ebx & avx512_bits) == avx512_bits)
        features |= LK_CPU_AVX512;
    return features;
}
#else
uint32_t lk_cpu_features(void) { return 0; }
#endif
