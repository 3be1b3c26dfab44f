// SPDX-License-Identifier: MIT
/*
 * Copyright © 2026 The xe_cbev authors
 */

/*
 * Check tests of modules and build logs (userspace/libze/src/module.c):
 * the built-in module image format of Documentation/libze-builtins.rst.
 */

#include "libze_test.h"
#include "check_run.h"

static const zex_builtin_module_all_t all = ZEX_BUILTIN_MODULE_ALL_INIT;

static ze_result_t create(const void *image, size_t size,
			  ze_module_format_t format, ze_module_handle_t *mod,
			  ze_module_build_log_handle_t *log)
{
	ze_module_desc_t desc = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_DESC,
		.format = format,
		.inputSize = size,
		.pInputModule = image,
	};

	return zeModuleCreate(lz_context, lz_device, &desc, mod, log);
}

static void log_text(ze_module_build_log_handle_t log, char *buf, size_t n)
{
	size_t size = 0;

	ck_assert_ok(zeModuleBuildLogGetString(log, &size, NULL));
	ck_assert_msg(size >= 1 && size <= n, "a log fits: %zu", size);
	ck_assert_ok(zeModuleBuildLogGetString(log, &size, buf));
	ck_assert_msg(buf[size - 1] == '\0', "the log is a string");
}

/* ---- core ------------------------------------------------------------- */

START_TEST(test_module_builtin_image)
{
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod;
	const char *names[8];
	uint32_t count = 0, i;
	char text[300];

	ck_assert_ze(create(&all, sizeof(all), ZE_MODULE_FORMAT_NATIVE, &mod,
			    &log),
		     ZE_RESULT_SUCCESS, "the built-in image makes a module");
	log_text(log, text, sizeof(text));
	ck_assert_msg(!text[0], "a successful build logs nothing");
	ck_assert_ok(zeModuleBuildLogDestroy(log));

	ck_assert_ok(zeModuleGetKernelNames(mod, &count, NULL));
	ck_assert_int_eq(count, 6);
	ck_assert_ok(zeModuleGetKernelNames(mod, &count, names));
	for (i = 0; i < 6; i++)
		ck_assert_str_eq(names[i], all.kernels[i].name);
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_module_native_binary_round_trip)
{
	ze_module_handle_t mod, again;
	uint8_t bin[sizeof(all)];
	size_t size = 0;

	ck_assert_ok(create(&all, sizeof(all), ZE_MODULE_FORMAT_NATIVE, &mod,
			    NULL));
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, NULL));
	ck_assert_uint_eq(size, sizeof(all));
	ck_assert_ok(zeModuleGetNativeBinary(mod, &size, bin));
	ck_assert_msg(!memcmp(bin, &all, sizeof(all)),
		      "the native binary is the image");
	ck_assert_ze(create(bin, size, ZE_MODULE_FORMAT_NATIVE, &again, NULL),
		     ZE_RESULT_SUCCESS, "and makes a module again");
	ck_assert_ok(zeModuleDestroy(again));
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_module_aliases)
{
	struct {
		zex_builtin_module_header_t header;
		zex_builtin_module_kernel_t kernels[2];
	} image = {
		{ { 'X', 'E', 'C', 'B', 'E', 'V', 'B', 'I' },
		  ZEX_BUILTIN_MODULE_VERSION, 2 },
		{ { "my_copy", ZEX_BUILTIN_COPY, 0 },
		  { "other_copy", ZEX_BUILTIN_COPY, 0 } },
	};
	ze_kernel_desc_t kdesc = { .stype = ZE_STRUCTURE_TYPE_KERNEL_DESC };
	ze_module_handle_t mod;
	ze_kernel_handle_t k;

	ck_assert_ok(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL));
	kdesc.pKernelName = "other_copy";
	ck_assert_ze(zeKernelCreate(mod, &kdesc, &k), ZE_RESULT_SUCCESS,
		     "an image may name a built-in as it likes");
	ck_assert_ok(zeKernelDestroy(k));
	kdesc.pKernelName = "copy";
	ck_assert_ze(zeKernelCreate(mod, &kdesc, &k),
		     ZE_RESULT_ERROR_INVALID_KERNEL_NAME,
		     "only the names the image lists exist");
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

START_TEST(test_module_link_and_properties)
{
	ze_module_properties_t props = {
		.stype = ZE_STRUCTURE_TYPE_MODULE_PROPERTIES,
		.flags = 0xff,
	};
	ze_module_handle_t mod;
	void *ptr = NULL;
	size_t size;

	ck_assert_ok(create(&all, sizeof(all), ZE_MODULE_FORMAT_NATIVE, &mod,
			    NULL));
	ck_assert_ze(zeModuleDynamicLink(1, &mod, NULL), ZE_RESULT_SUCCESS,
		     "a module without imports links");
	ck_assert_ok(zeModuleGetProperties(mod, &props));
	ck_assert_msg(props.flags == 0, "and has no unresolved imports");
	ck_assert_ze(zeModuleGetGlobalPointer(mod, "x", &size, &ptr),
		     ZE_RESULT_ERROR_INVALID_GLOBAL_NAME,
		     "built-in modules have no globals");
	ck_assert_ok(zeModuleDestroy(mod));
}
END_TEST

/* ---- limits ----------------------------------------------------------- */

START_TEST(test_module_spirv_build_failure)
{
	static const uint32_t spirv[] = { 0x07230203, 0x00010000, 0, 1, 0 };
	ze_module_build_log_handle_t log = NULL;
	ze_module_handle_t mod = NULL;
	char text[300];

	ck_assert_ze(create(spirv, sizeof(spirv), ZE_MODULE_FORMAT_IL_SPIRV,
			    &mod, &log),
		     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
		     "SPIR-V cannot be built for the engine");
	ck_assert_msg(!mod && log, "no module, but a log");
	log_text(log, text, sizeof(text));
	ck_assert_msg(strstr(text, "SPIR-V"), "the log says why: %s", text);
	ck_assert_ok(zeModuleBuildLogDestroy(log));
}
END_TEST

START_TEST(test_module_bad_images)
{
	zex_builtin_module_all_t image;
	ze_module_build_log_handle_t log;
	ze_module_handle_t mod = NULL;
	char text[300];

	image = all;
	image.header.magic[0] = 'Y';
	ck_assert_ze(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, &log),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "an image with a bad magic is refused");
	log_text(log, text, sizeof(text));
	ck_assert_msg(text[0], "with a reason in the log");
	ck_assert_ok(zeModuleBuildLogDestroy(log));

	image = all;
	image.header.version = 2;
	ck_assert_ze(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "an image of another version is refused");
	image = all;
	image.kernels[3].builtin = 99;
	ck_assert_ze(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "a built-in the engine does not have is refused");
	image = all;
	memcpy(image.kernels[1].name, "fill", 5);
	ck_assert_ze(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "a name twice is refused");
	image = all;
	image.kernels[0].reserved = 1;
	ck_assert_ze(create(&image, sizeof(image), ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "a reserved field that is not zero is refused");
	ck_assert_ze(create(&all, sizeof(all) - 1, ZE_MODULE_FORMAT_NATIVE,
			    &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_NATIVE_BINARY,
		     "a truncated image is refused");
	ck_assert_ze(create(&all, 0, ZE_MODULE_FORMAT_NATIVE, &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_SIZE, "an empty image is refused");
	ck_assert_ze(create(&all, sizeof(all), 7, &mod, NULL),
		     ZE_RESULT_ERROR_INVALID_ENUMERATION,
		     "an unknown format is refused");
	ck_assert_ze(create(NULL, sizeof(all), ZE_MODULE_FORMAT_NATIVE, &mod,
			    NULL),
		     ZE_RESULT_ERROR_INVALID_NULL_POINTER,
		     "the image is required");
	ck_assert_msg(!mod, "nothing is returned");
}
END_TEST

static Suite *module_suite(void)
{
	Suite *s = suite_create("module");
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_module_builtin_image);
	tcase_add_test(tc, test_module_native_binary_round_trip);
	tcase_add_test(tc, test_module_aliases);
	tcase_add_test(tc, test_module_link_and_properties);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_checked_fixture(tc, lz_setup, lz_teardown);
	tcase_add_test(tc, test_module_spirv_build_failure);
	tcase_add_test(tc, test_module_bad_images);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(module_suite());
}
