# CI only (.ci/run points the cmake crate here): HiGHS, which highs-sys builds from source in
# CMake's Release configuration, compiled at -O1 instead of -O3 to shorten a cold build. The
# tests' linear programs are small; release builds of the game keep -O3.
set(CMAKE_C_FLAGS_RELEASE "-O1 -DNDEBUG" CACHE STRING "" FORCE)
set(CMAKE_CXX_FLAGS_RELEASE "-O1 -DNDEBUG" CACHE STRING "" FORCE)
