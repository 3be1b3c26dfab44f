// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */
/*
 * A library module: functions for link_user.cl, built with
 * -library-compilation and linked by zeModuleDynamicLink().
 */

int lib_scale(int x, int k)
{
	return x * k + 1;
}

float lib_poly(float x)
{
	return x * x + 0.5f;
}
