/*
 * Which SIMD instruction sets this CPU and operating system support.
 * Internal to LayoutKernel; the public view is lk_active_kernel().
 */
#ifndef LK_CPU_H
#define LK_CPU_H

#include <stdint.h>

/* Bits of lk_cpu_features(). */
#define LK_CPU_SSE2   0x1u /* x86-64 baseline */
#define LK_CPU_AVX2   0x2u /* AVX2 + FMA + BMI1/2, with YMM state enabled by the OS */
#define LK_CPU_AVX512 0x4u /* AVX-512 F/CD/BW/DQ/VL, with ZMM state enabled by the OS */

/* The supported sets; 0 on a CPU that is not x86-64. Cheap but not free: call once. */
uint32_t lk_cpu_features(void) __attribute__((visibility("hidden")));

#endif
