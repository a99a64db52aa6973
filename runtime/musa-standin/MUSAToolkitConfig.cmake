# find_package(MUSAToolkit CONFIG) with MUSAToolkit_DIR=${MUSA_PATH}/cmake: the
# same as the module (FindMUSAToolkit.cmake beside this file).
include("${CMAKE_CURRENT_LIST_DIR}/FindMUSAToolkit.cmake")
