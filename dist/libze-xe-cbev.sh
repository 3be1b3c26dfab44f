# SPDX-License-Identifier: MIT
#
# Lets the Level Zero loader (libze_loader.so.1) find the xe_cbev driver.
#
# The loader dlopen()s a built-in list of driver names; a driver outside that
# list is found only through ZE_ENABLE_ALT_DRIVERS, which REPLACES the list.
# So this names the built-in drivers too -- those of loader 1.8 (Debian 12)
# and the ones later loaders added -- and the loader skips whichever is not
# installed: Intel's GPU and NPU drivers stay visible beside xe_cbev.
#
# A value set already (by the user, a job, a test) is left as it is.
if [ -z "${ZE_ENABLE_ALT_DRIVERS:-}" ]; then
	ZE_ENABLE_ALT_DRIVERS=libze_intel_gpu.so.1,libze_intel_gpu_legacy1.so.1,libze_intel_vpu.so.1,libze_intel_npu.so.1,libze_xe_cbev.so.1
	export ZE_ENABLE_ALT_DRIVERS
fi
